import { describe, expect, it } from 'vitest';
import { i18next, initI18n, loadAllNamespaces } from './index';
import { localeChunkName, pageNamespaces, publicNamespaces } from './namespace-groups';
import { namespaces } from './namespaces';

describe('namespace groups', () => {
  it('puts the sign-in pages’ texts of a language in one chunk, the big pages’ in one each, the rest in another', () => {
    expect(localeChunkName('/app/src/i18n/locales/de/auth.json')).toBe('locale-de');
    expect(localeChunkName('/app/src/i18n/locales/de/common.json')).toBe('locale-de');
    expect(localeChunkName('/app/src/i18n/locales/de/billing.json')).toBe('locale-de-panel');
    expect(localeChunkName('C:\\app\\src\\i18n\\locales\\zh\\instances.json')).toBe('locale-zh-panel');
    expect(localeChunkName('/app/src/i18n/locales/de/instanceDetail.json')).toBe('locale-de-instanceDetail');
    // Few visits see a survey: its texts stay out of the panel's chunk.
    expect(localeChunkName('/app/src/i18n/locales/ar/surveys.json')).toBe('locale-ar-surveys');
    expect(localeChunkName('/app/src/i18n/index.ts')).toBeNull();
    // A group's module (vite.config.ts) travels in the chunk of its files, so loading it is one request.
    expect(localeChunkName('\0virtual:locale-group/de/public')).toBe('locale-de');
    expect(localeChunkName('\0virtual:locale-group/de/panel')).toBe('locale-de-panel');
    expect(localeChunkName('\0virtual:locale-group/ar/surveys')).toBe('locale-ar-surveys');
  });

  it('starts with the public texts only and fetches the panel’s when asked', async () => {
    localStorage.setItem('nimbus.language', 'fr');
    await initI18n(publicNamespaces);
    const loaded = () => namespaces.filter((ns) => i18next.hasResourceBundle('fr', ns));
    expect(loaded()).toEqual([...publicNamespaces]);
    await loadAllNamespaces();
    const pages: readonly string[] = pageNamespaces;
    expect(loaded()).toEqual(namespaces.filter((ns) => !pages.includes(ns)));
    // A page's texts come when its screen reads them.
    await i18next.loadNamespaces('instanceDetail');
    expect(i18next.hasResourceBundle('fr', 'instanceDetail')).toBe(true);
  });
});
