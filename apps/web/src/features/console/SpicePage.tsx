import { Alert, Box, Button, Typography } from '@mui/material';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/links';

/**
 * /spice: the SPICE console exists only where a driver offers it. The drivers of this panel give VNC, so
 * the page says which drivers offer SPICE and opens the VNC console of the same instance instead.
 */
export function SpicePage() {
  const { t } = useTranslation('instanceDetail');
  const { instanceId } = useSearch({ strict: false }) as { instanceId?: number };
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 720, display: 'grid', gap: 2 }}>
      <Typography component="h1" variant="h5">
        {t('console.spice.title')}
      </Typography>
      <Alert severity="info">{t('console.spice.drivers')}</Alert>
      <Typography>{t('console.spice.here')}</Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {instanceId ? (
          <ButtonLink to="/novnc" search={{ instanceId }} variant="contained">
            {t('console.spice.openVnc')}
          </ButtonLink>
        ) : (
          <Typography color="text.secondary">{t('console.noInstance')}</Typography>
        )}
        <Button color="inherit" onClick={() => window.close()}>
          {t('console.spice.close')}
        </Button>
      </Box>
    </Box>
  );
}
