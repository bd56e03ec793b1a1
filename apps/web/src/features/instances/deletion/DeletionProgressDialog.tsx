import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DIALOG_WIDTH } from '../../../components/ConfirmDialog';

export interface DeletionProgress {
  total: number;
  deleted: number;
  /** Hostnames that could not be deleted. */
  failed: string[];
  done: boolean;
}

interface DeletionProgressDialogProps {
  progress: DeletionProgress | null;
  /** What the deletions gave back to the credit, formatted; null when nothing. */
  refunded?: string | null;
  onOk: () => void;
}

/** Deletions one by one: deleted/total while they run, then the completed state with OK. */
export function DeletionProgressDialog({ progress, refunded = null, onOk }: DeletionProgressDialogProps) {
  const { t } = useTranslation('instances');
  const titleId = useId();
  if (!progress) return null;
  const { total, deleted, failed, done } = progress;
  const settled = deleted + failed.length;
  return (
    <Dialog open aria-labelledby={titleId} slotProps={{ paper: { sx: { maxWidth: DEFAULT_DIALOG_WIDTH } } }}>
      <DialogTitle id={titleId}>
        {done ? t('deletion.completedTitle') : t('deletion.progressTitle')}
      </DialogTitle>
      <DialogContent>
        <Box role="status" aria-live="polite">
          <Typography sx={{ mb: 1.5 }}>{t('deletion.progress', { deleted, total })}</Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={total === 0 ? 100 : (settled / total) * 100}
          aria-label={t('deletion.progressTitle')}
        />
        {done && refunded && (
          <Typography sx={{ mt: 2, fontWeight: 500 }}>
            {t('deletion.totalRefunded', { amount: refunded })}
          </Typography>
        )}
        {done && failed.length > 0 && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('deletion.failed', { hostnames: failed.join(', '), count: failed.length })}
          </Alert>
        )}
      </DialogContent>
      {done && (
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={onOk} autoFocus>
            {t('deletion.ok')}
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
