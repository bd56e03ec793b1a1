import { describe, expect, it } from 'vitest';
import { i18next, initI18n, loadAllNamespaces } from './index';
import { localeChunkName, publicNamespaces } from './namespace-groups';
import { namespaces } from './namespaces';

describe('namespace groups', () => {
  it('puts the sign-in pages’ texts of a language in one chunk and the rest of the panel in another', () => {
    expect(localeChunkName('/app/src/i18n/locales/de/auth.json')).toBe('locale-de');
    expect(localeChunkName('/app/src/i18n/locales/de/common.json')).toBe('locale-de');
    expect(localeChunkName('/app/src/i18n/locales/de/billing.json')).toBe('locale-de-panel');
    expect(localeChunkName('C:\\app\\src\\i18n\\locales\\zh\\instances.json')).toBe('locale-zh-panel');
    expect(localeChunkName('/app/src/i18n/index.ts')).toBeNull();
  });

  it('starts with the public texts only and fetches the panel’s when asked', async () => {
    localStorage.setItem('nimbus.language', 'fr');
    await initI18n(publicNamespaces);
    const loaded = () => namespaces.filter((ns) => i18next.hasResourceBundle('fr', ns));
    expect(loaded()).toEqual([...publicNamespaces]);
    await loadAllNamespaces();
    expect(loaded()).toEqual([...namespaces]);
  });
});
