import { Box, Paper, Skeleton } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Placeholder rows while the first page loads, shaped like the table. */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  const { t } = useTranslation('instances');
  return (
    <Paper variant="outlined" role="status" aria-label={t('list.loading')} sx={{ p: 2 }}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart.
        <Box key={index} sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 1 }}>
          <Skeleton variant="rectangular" width={20} height={20} />
          <Skeleton sx={{ flex: 2 }} />
          <Skeleton variant="rounded" width={64} height={24} />
          <Skeleton sx={{ flex: 1, display: { xs: 'none', md: 'block' } }} />
        </Box>
      ))}
    </Paper>
  );
}
