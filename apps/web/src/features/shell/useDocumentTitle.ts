import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { brandingQuery } from '../../api/branding';

/** The tab title: the page's title in the current language, then the provider's name. */
export function useDocumentTitle(titleKey: string | undefined) {
  const { t } = useTranslation('shell');
  const { data: branding } = useQuery(brandingQuery);
  const brand = branding?.name ?? '';
  useEffect(() => {
    const page = titleKey ? t(titleKey) : '';
    document.title = page && brand ? `${page} | ${brand}` : page || brand;
  }, [titleKey, t, brand]);
}
