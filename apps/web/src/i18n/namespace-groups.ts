import type { Namespace } from './namespaces';

/**
 * What the sign-in, sign-up and password pages read: fetched first, as a chunk of their own per language
 * (vite.config.ts), so a visitor who is not signed in never downloads the panel's texts. The rest of a
 * language comes in one more chunk with the first route past them.
 */
export const publicNamespaces = ['common', 'shell', 'auth'] as const satisfies readonly Namespace[];

/**
 * The texts of the two largest screens, the instance page and the creation screen, of support and of the
 * satisfaction surveys: each a chunk of its own per language, fetched when one of their screens first
 * reads it (the screen waits meanwhile), so the other routes of the panel do not carry them. Support's
 * are read by its pages, an instance's Tickets tab and the dashboard's ticket parts (behind their own
 * Suspense boundaries); the surveys' only once a survey is actually offered (features/surveys), which
 * most visits never see. The applications page's texts are read by that page alone, the Solutions pages'
 * by those pages, the floating IP page's by that page. The notifications' texts come with the bell's menu
 * or the notifications page (the bell's own labels are the shell's). The instance page's tabs past Access
 * (billing, log, rescue, OS, performance, resize, network, backups) are `instanceTabs`, fetched with the
 * first such tab, so a link to an instance carries its header and Access tab's texts only.
 */
export const pageNamespaces = [
  'instanceDetail',
  'instanceTabs',
  'instanceCreation',
  'support',
  'surveys',
  'applications',
  'solutions',
  'notifications',
  'floatingIps',
] as const satisfies readonly Namespace[];

/** A namespace's group: `public` for the sign-in pages' texts, a page namespace's own name, or `panel`. */
export function localeGroupOf(namespace: string): string {
  if ((publicNamespaces as readonly string[]).includes(namespace)) return 'public';
  if ((pageNamespaces as readonly string[]).includes(namespace)) return namespace;
  return 'panel';
}

/** The virtual module (vite.config.ts) holding one group of a language's texts, a namespace per export. */
export const LOCALE_GROUP_MODULE = 'virtual:locale-group/';

/**
 * The chunk of a translation file or of a group's module: `locale-de`, `locale-de-panel`, or a page's
 * `locale-de-instanceDetail`.
 */
export function localeChunkName(path: string): string | null {
  const file = /[\\/]i18n[\\/]locales[\\/]([\w-]+)[\\/]([\w-]+)\.json$/.exec(path);
  if (file) {
    const [, language = '', namespace = ''] = file;
    return chunkOf(language, localeGroupOf(namespace));
  }
  const module = new RegExp(`${LOCALE_GROUP_MODULE}([\\w-]+)/([\\w-]+)$`).exec(path);
  return module ? chunkOf(module[1] ?? '', module[2] ?? '') : null;
}

const chunkOf = (language: string, group: string) =>
  group === 'public' ? `locale-${language}` : `locale-${language}-${group}`;
