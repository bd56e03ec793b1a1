import localeLoaders from 'virtual:locale-loaders';
import {
  defaultLocale,
  isRtl,
  isSupportedLocale,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  type Locale,
  supportedLocales,
} from '@nimbus/contract';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from '../api/client';
import { loadRtlCache } from '../theme/direction-cache';
import { localeGroupOf, pageNamespaces } from './namespace-groups';
import { type Namespace, namespaces } from './namespaces';

const STORAGE_KEY = 'nimbus.language';

/*
 * Every language, English included, is fetched when it is chosen, so a visit downloads one language and
 * nothing of the other twenty; vite.config.ts bundles each language's files in a few chunks
 * (namespace-groups.ts), with a loader per chunk (`virtual:locale-loaders`). A namespace a page reads
 * before it is loaded suspends that page until it is.
 */
const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    const load = localeLoaders[language]?.[localeGroupOf(namespace)];
    if (!load) return callback(null, {});
    load()
      .then((group) => callback(null, group[namespace] ?? {}))
      .catch((err: Error) => callback(err, false));
  },
};

function readCookie(name: string) {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

export function initialLanguage(): Locale {
  const stored = localStorage.getItem(STORAGE_KEY) ?? readCookie(LANGUAGE_COOKIE);
  if (isSupportedLocale(stored)) return stored;
  const browser = navigator.language?.split('-')[0];
  return isSupportedLocale(browser) ? browser : defaultLocale;
}

function applyDocumentLanguage(language: string) {
  document.documentElement.lang = language;
  document.documentElement.dir = isRtl(language) ? 'rtl' : 'ltr';
  setApiLanguage(language);
}

/** Saves the choice in storage and in a one-year cookie, and switches the page direction. */
export async function changeLanguage(language: Locale) {
  localStorage.setItem(STORAGE_KEY, language);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; path=/; samesite=lax`;
  if (isRtl(language)) await loadRtlCache();
  await i18next.changeLanguage(language);
}

/**
 * Starts fetching the panel's namespaces of the current language (past the sign-in pages); the two page
 * namespaces come when their screens read them (namespace-groups.ts).
 */
export const loadAllNamespaces = async () => {
  const pages: readonly string[] = pageNamespaces;
  if (i18next.isInitialized) await i18next.loadNamespaces(namespaces.filter((ns) => !pages.includes(ns)));
};

/** Loads the chosen language's `ns` (every namespace unless told) before the panel renders. */
export async function initI18n(ns: readonly Namespace[] = namespaces) {
  const lng = initialLanguage();
  i18next.on('languageChanged', applyDocumentLanguage);
  const rtlStyles = isRtl(lng) ? loadRtlCache() : undefined;
  await i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng,
      // No fallback language: it would be downloaded beside the chosen one on every visit, and
      // locales.test.ts already proves that every language has every English key.
      fallbackLng: false,
      supportedLngs: [...supportedLocales],
      ns: [...ns],
      defaultNS: 'common',
      interpolation: {
        // React escapes HTML itself. In right-to-left languages every inserted value (an email, a phone
        // number, a hostname) is wrapped in Unicode isolates so it keeps its own direction inside the
        // sentence instead of being scrambled by the bidi algorithm.
        escapeValue: true,
        escape: (value: string) => (isRtl(i18next.language) ? `\u2068${value}\u2069` : value),
      },
      returnNull: false,
      showSupportNotice: false,
    });
  await rtlStyles;
  applyDocumentLanguage(lng);
  return i18next;
}

export { i18next };
