import {
  defaultLocale,
  isRtl,
  isSupportedLocale,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  type Locale,
} from '@nimbus/contract';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from '../api/client';
import enAccount from './locales/en/account.json';
import enAuth from './locales/en/auth.json';
import enBilling from './locales/en/billing.json';
import enCommon from './locales/en/common.json';
import enInstanceCreation from './locales/en/instanceCreation.json';
import enInstanceDetail from './locales/en/instanceDetail.json';
import enInstances from './locales/en/instances.json';
import enPayments from './locales/en/payments.json';
import enShell from './locales/en/shell.json';
import enSshKeys from './locales/en/sshKeys.json';
import { namespaces } from './namespaces';

const STORAGE_KEY = 'nimbus.language';

// Every other language is a separate chunk, fetched when chosen.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*/*.json',
  '!./locales/en/*.json',
]);
const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    const load = loaders[`./locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load()
      .then((m) => callback(null, m.default))
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
  await i18next.changeLanguage(language);
}

export async function initI18n() {
  const lng = initialLanguage();
  i18next.on('languageChanged', applyDocumentLanguage);
  await i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: defaultLocale,
      supportedLngs: [...(await import('@nimbus/contract')).supportedLocales],
      ns: [...namespaces],
      defaultNS: 'common',
      partialBundledLanguages: true,
      resources: {
        en: {
          common: enCommon,
          shell: enShell,
          auth: enAuth,
          account: enAccount,
          billing: enBilling,
          payments: enPayments,
          sshKeys: enSshKeys,
          instanceCreation: enInstanceCreation,
          instances: enInstances,
          instanceDetail: enInstanceDetail,
        },
      },
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
  applyDocumentLanguage(lng);
  return i18next;
}

export { i18next };
