import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, IconButton } from '@mui/material';
import type { Banner } from '@nimbus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueKeys } from '../../../api/catalogue';
import { api } from '../../../api/client';
import { VisuallyHidden } from '../../../components/VisuallyHidden';

/**
 * GET /banner: the provider's announcement from the catalogue file, which changes only when the API
 * restarts with a new file, so it is read once per page load (no event stream topic, no polling).
 */
export const bannerQuery = queryOptions({
  queryKey: [...catalogueKeys.all, 'banner'] as const,
  queryFn: () => api<Banner>('/banner'),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The banner the customer closed in this tab: the same announcement stays closed until the tab is. */
export const BANNER_DISMISSED_KEY = 'nimbus.banner.dismissed';
const identityOf = (banner: NonNullable<Banner>) => JSON.stringify(banner);

/**
 * The link's address when it is a web page; anything else (`javascript:`, `data:`, a relative path)
 * is dropped: the address comes from a data file, not from code the panel reviewed.
 */
export function safeBannerUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The provider's announcement above the page, with its severity and link, closable for the session. */
export function ProviderBanner() {
  const { t } = useTranslation('shell');
  const { data: banner } = useQuery(bannerQuery);
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(BANNER_DISMISSED_KEY));
  if (!banner) return null;
  const identity = identityOf(banner);
  if (dismissed === identity) return null;
  const href = safeBannerUrl(banner.link?.url);
  const dismiss = () => {
    sessionStorage.setItem(BANNER_DISMISSED_KEY, identity);
    setDismissed(identity);
  };
  return (
    <Alert
      severity={banner.severity}
      // Present since the page loaded, not news of something that just happened: no interruption.
      role="status"
      aria-label={t('banner.label')}
      sx={{ borderRadius: 0, alignItems: 'center', '& .MuiAlert-action': { pt: 0, alignItems: 'center' } }}
      action={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {href && banner.link && (
            <Button
              component="a"
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              color="inherit"
              size="small"
              variant="outlined"
              endIcon={<OpenInNewIcon aria-hidden />}
              sx={{ whiteSpace: 'nowrap' }}
            >
              <bdi>{banner.link.label}</bdi>
              <VisuallyHidden>{t('footer.newTab')}</VisuallyHidden>
            </Button>
          )}
          <IconButton aria-label={t('banner.dismiss')} color="inherit" size="small" onClick={dismiss}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      }
    >
      {/* The provider's text, untranslated: it keeps its own direction in a right-to-left panel. */}
      <bdi>{banner.message}</bdi>
    </Alert>
  );
}
