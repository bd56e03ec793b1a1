import { Backdrop, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Full screen while the paid order is being created; the pending page follows. */
export function DeployOverlay({ open }: { open: boolean }) {
  const { t } = useTranslation('instanceCreation');
  return (
    <Backdrop
      open={open}
      sx={{
        zIndex: (theme) => theme.zIndex.modal + 1,
        flexDirection: 'column',
        gap: 2,
        color: 'common.white',
      }}
    >
      <CircularProgress color="inherit" aria-hidden />
      <Typography role="status" aria-live="polite" variant="h3" component="p">
        {t('cart.deploying')}
      </Typography>
    </Backdrop>
  );
}
