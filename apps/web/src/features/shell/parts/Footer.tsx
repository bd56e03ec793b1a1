import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { brandingQuery } from '../../../api/branding';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { useRouteMeta } from '../useRouteMeta';

function ExternalLink({ href, children }: { href: string; children: string }) {
  const { t } = useTranslation('shell');
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      color="text.secondary"
      underline="hover"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      {children}
      <OpenInNewIcon aria-hidden sx={{ fontSize: '0.9em' }} />
      <VisuallyHidden>{t('footer.newTab')}</VisuallyHidden>
    </Link>
  );
}

/** © year and brand, with the provider's legal links. Hidden by route flag and on small screens. */
export function Footer() {
  const { t } = useTranslation('shell');
  const { hideFooter } = useRouteMeta();
  const { data: branding } = useQuery(brandingQuery);
  if (hideFooter || !branding) return null;
  return (
    <Box
      component="footer"
      sx={{
        display: { xs: 'none', sm: 'flex' },
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        px: 3,
        py: 2,
        borderTop: 1,
        borderColor: 'divider',
        typography: 'body2',
        color: 'text.secondary',
      }}
    >
      <Typography variant="body2">
        {t('footer.copyright', { year: new Date().getFullYear(), brand: branding.name })}
      </Typography>
      <Box component="nav" aria-label={t('footer.label')} sx={{ display: 'flex', gap: 3 }}>
        <ExternalLink href={branding.termsUrl}>{t('footer.terms')}</ExternalLink>
        <ExternalLink href={branding.aupUrl}>{t('footer.aup')}</ExternalLink>
      </Box>
    </Box>
  );
}
