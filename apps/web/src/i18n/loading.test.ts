import { supportedLocales } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { changeLanguage, i18next, initI18n } from './index';
import { namespaces } from './namespaces';

const loadedLanguages = () =>
  supportedLocales.filter((lng) => namespaces.some((ns) => i18next.hasResourceBundle(lng, ns)));

describe('languages load one at a time', () => {
  it('starts with the chosen language only, English not included, and switches to another alone', async () => {
    localStorage.setItem('nimbus.language', 'de');
    await initI18n();
    expect(i18next.language).toBe('de');
    expect(loadedLanguages()).toEqual(['de']);
    expect(namespaces.every((ns) => i18next.hasResourceBundle('de', ns))).toBe(true);
    expect(i18next.t('actions.cancel')).toBe('Abbrechen');

    await changeLanguage('ar');
    expect(loadedLanguages()).toEqual(['ar', 'de']);
    expect(i18next.t('actions.cancel')).toBe('إلغاء');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
  });
});
