import type { Namespace } from './namespaces';

/**
 * What the sign-in, sign-up and password pages read: fetched first, as a chunk of their own per language
 * (vite.config.ts), so a visitor who is not signed in never downloads the panel's texts. The rest of a
 * language comes in one more chunk with the first route past them.
 */
export const publicNamespaces = ['common', 'shell', 'auth'] as const satisfies readonly Namespace[];

/** The chunk of the build a translation file belongs to: `locale-de` or `locale-de-panel`. */
export function localeChunkName(path: string): string | null {
  const match = /[\\/]i18n[\\/]locales[\\/]([\w-]+)[\\/]([\w-]+)\.json$/.exec(path);
  if (!match) return null;
  const [, language, namespace] = match;
  return (publicNamespaces as readonly string[]).includes(namespace ?? '')
    ? `locale-${language}`
    : `locale-${language}-panel`;
}
