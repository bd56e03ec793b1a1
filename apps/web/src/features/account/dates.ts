import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

dayjs.extend(localizedFormat);

// dayjs ships one file per locale; only the chosen language is fetched. Chinese is Simplified in the panel.
const dayjsLocales: Record<string, () => Promise<unknown>> = {
  ar: () => import('dayjs/locale/ar'),
  cs: () => import('dayjs/locale/cs'),
  da: () => import('dayjs/locale/da'),
  de: () => import('dayjs/locale/de'),
  es: () => import('dayjs/locale/es'),
  fr: () => import('dayjs/locale/fr'),
  hu: () => import('dayjs/locale/hu'),
  id: () => import('dayjs/locale/id'),
  it: () => import('dayjs/locale/it'),
  ja: () => import('dayjs/locale/ja'),
  ko: () => import('dayjs/locale/ko'),
  nl: () => import('dayjs/locale/nl'),
  pl: () => import('dayjs/locale/pl'),
  pt: () => import('dayjs/locale/pt'),
  ru: () => import('dayjs/locale/ru'),
  th: () => import('dayjs/locale/th'),
  tr: () => import('dayjs/locale/tr'),
  uk: () => import('dayjs/locale/uk'),
  vi: () => import('dayjs/locale/vi'),
  zh: () => import('dayjs/locale/zh-cn'),
};
const dayjsLocaleName = (language: string) => (language === 'zh' ? 'zh-cn' : language);
const loaded = new Set<string>(['en']);

/** `LL` = date only, `LLL` = date and time, in the customer's language. */
export type DateStyle = 'LL' | 'LLL';
export type FormatDate = (value: string | null | undefined, style?: DateStyle) => string;

/**
 * Formats timestamps in the panel's language. Until that language's dayjs locale has arrived the
 * dates are shown in English, then re-rendered.
 */
export function useFormatDate(): FormatDate {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [ready, setReady] = useState(() => loaded.has(language));
  useEffect(() => {
    const load = dayjsLocales[language];
    if (loaded.has(language) || !load) return setReady(true);
    setReady(false);
    let active = true;
    load()
      .then(() => loaded.add(language))
      .catch(() => {})
      .finally(() => active && setReady(true));
    return () => {
      active = false;
    };
  }, [language]);
  const locale = ready && loaded.has(language) ? dayjsLocaleName(language) : 'en';
  return (value, style = 'LL') => {
    if (!value) return '';
    const date = dayjs(value);
    return date.isValid() ? date.locale(locale).format(style) : '';
  };
}
