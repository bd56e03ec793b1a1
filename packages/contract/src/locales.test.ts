import { describe, expect, it } from 'vitest';
import { isRtl, pickLocale, supportedLocales } from './locales';

describe('locales', () => {
  it('has the 21 languages of the spec', () => {
    expect(supportedLocales).toHaveLength(21);
  });
  it('marks Arabic (and he, fa, ur) right-to-left', () => {
    expect(isRtl('ar')).toBe(true);
    expect(isRtl('he')).toBe(true);
    expect(isRtl('de')).toBe(false);
  });
  it('picks the best supported language from Accept-Language', () => {
    expect(pickLocale('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(pickLocale('xx,fr;q=0.5')).toBe('fr');
    expect(pickLocale('xx')).toBe('en');
    expect(pickLocale(undefined)).toBe('en');
  });
});
