import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** A list or page still loading: a spinner with words, announced politely to screen readers. */
export function LoadingState({ label, minHeight = 200 }: { label?: string; minHeight?: number | string }) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
        minHeight,
        py: 3,
      }}
    >
      <CircularProgress size={32} aria-hidden />
      <Typography variant="body2" color="text.secondary">
        {label ?? t('states.loading')}
      </Typography>
    </Box>
  );
}
