import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { supportedLocales } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { brandingQuery } from '../../../api/branding';

/**
 * What this release delivers, and nothing it does not: an area (snapshots, backups, support tickets…)
 * joins the list with the release that brings it, as in the README's "What is in this release".
 */
export const releaseBenefits = [
  'deploy',
  'regions',
  'hourly',
  'sshKeys',
  'snapshots',
  'support',
  'manage',
  'languages',
] as const;

/** The sign-up page's side: what a new customer gets. */
export function BenefitsList() {
  const { t } = useTranslation('shell');
  const { data: branding } = useQuery(brandingQuery);
  return (
    <Box
      component="section"
      aria-labelledby="benefits-title"
      sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', p: { md: 6, lg: 8 } }}
    >
      <Typography
        id="benefits-title"
        component="h2"
        sx={{ fontSize: '2rem', fontWeight: 800, lineHeight: 1.2, mb: 1.5 }}
      >
        {t('benefits.title', { brand: branding?.name })}
      </Typography>
      <Typography sx={{ fontSize: '1.05rem', opacity: 0.88, mb: 3, maxWidth: 460 }}>
        {t('benefits.intro')}
      </Typography>
      <List disablePadding>
        {releaseBenefits.map((key) => (
          <ListItem key={key} disableGutters sx={{ py: 0.75, alignItems: 'flex-start' }}>
            <ListItemIcon sx={{ minWidth: 40, color: 'inherit', mt: 0.25 }}>
              <CheckCircleIcon />
            </ListItemIcon>
            <ListItemText
              primary={t(`benefits.items.${key}.title`)}
              secondary={t(`benefits.items.${key}.text`, { count: supportedLocales.length })}
              slotProps={{
                primary: { sx: { fontWeight: 600, fontSize: '1.05rem' } },
                secondary: { sx: { color: 'inherit', opacity: 0.8 } },
              }}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
