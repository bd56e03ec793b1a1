import { Chip, CircularProgress } from '@mui/material';
import type { SnapshotStatus } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';

const colors: Record<SnapshotStatus, 'success' | 'warning' | 'info' | 'error'> = {
  active: 'success',
  in_progress: 'warning',
  restoring: 'info',
  failed: 'error',
};

/** A snapshot's status; the two that run show a spinner (they take up to 20 minutes, spec §4). */
export function SnapshotStatusChip({ status }: { status: SnapshotStatus }) {
  const { t } = useTranslation('instances');
  const running = status === 'in_progress' || status === 'restoring';
  return (
    <Chip
      size="small"
      color={colors[status]}
      label={t(`snapshots.status.${status}`)}
      icon={running ? <CircularProgress size={12} color="inherit" aria-hidden /> : undefined}
    />
  );
}
