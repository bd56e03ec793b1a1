import HistoryIcon from '@mui/icons-material/History';
import { Box, Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/states/EmptyState';
import { ErrorState } from '../../../components/states/ErrorState';

/** Placeholder rows while the log loads. */
export function ActivitySkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation('account');
  return (
    <Stack spacing={1.5} role="status" aria-busy="true" aria-label={t('activity.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Box key={i}>
          <Skeleton variant="text" width="60%" />
          <Skeleton variant="text" width="30%" />
        </Box>
      ))}
    </Stack>
  );
}

export function ActivityEmpty() {
  const { t } = useTranslation('account');
  return <EmptyState icon={<HistoryIcon />} title={t('activity.empty')} message={t('activity.emptyHint')} />;
}

export function ActivityError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('account');
  return <ErrorState onRetry={onRetry} message={t('activity.error')} />;
}
