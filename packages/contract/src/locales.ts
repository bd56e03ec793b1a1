/** The 21 languages of the panel, in the order the language selector lists them. */
export const supportedLocales = [
  'en',
  'ar',
  'cs',
  'da',
  'de',
  'es',
  'fr',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'nl',
  'pl',
  'pt',
  'ru',
  'th',
  'tr',
  'uk',
  'vi',
  'zh',
] as const;
export type Locale = (typeof supportedLocales)[number];
export const defaultLocale: Locale = 'en';

/** Languages written right to left; he, fa and ur are listed so a provider adding them gets RTL for free. */
export const rtlLocales: readonly string[] = ['ar', 'he', 'fa', 'ur'];
export const isRtl = (locale: string) => rtlLocales.includes(locale);

/** Each language's own name, as shown in the selector. */
export const localeNames: Record<Locale, string> = {
  en: 'English',
  ar: 'العربية',
  cs: 'Čeština',
  da: 'Dansk',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  hu: 'Magyar',
  id: 'Bahasa Indonesia',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  nl: 'Nederlands',
  pl: 'Polski',
  pt: 'Português',
  ru: 'Русский',
  th: 'ไทย',
  tr: 'Türkçe',
  uk: 'Українська',
  vi: 'Tiếng Việt',
  zh: '中文',
};

export const isSupportedLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);

/** Picks the best supported locale from a header such as `de-DE,de;q=0.9,en;q=0.8`. */
export function pickLocale(header: string | undefined | null): Locale {
  if (!header) return defaultLocale;
  const candidates = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of candidates) {
    const base = tag.split('-')[0];
    if (isSupportedLocale(base)) return base;
  }
  return defaultLocale;
}

/** Language cookie lifetime: one year. */
export const LANGUAGE_COOKIE = 'nimbus_lang';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
