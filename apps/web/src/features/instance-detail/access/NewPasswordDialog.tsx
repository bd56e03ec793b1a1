import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DIALOG_WIDTH } from '../../../components/ConfirmDialog';
import { CopyButton } from '../../../components/CopyButton';

/** The new password, shown this once with a copy button. */
export function NewPasswordDialog({
  password,
  username,
  note,
  onClose,
}: {
  password: string | null;
  username: string;
  /** When the server takes the password, where that is not at once. */
  note?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('instanceDetail');
  const titleId = useId();
  return (
    <Dialog
      open={password !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: DEFAULT_DIALOG_WIDTH * 1.25 } } }}
    >
      <DialogTitle id={titleId}>{t('password.newTitle')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('password.shownOnce')}
        </Alert>
        {note && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {note}
          </Alert>
        )}
        <Typography color="text.secondary">{t('password.forUser', { username })}</Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
          <Box
            component="code"
            dir="ltr"
            data-testid="new-password"
            sx={{
              flex: 1,
              fontSize: '1.05rem',
              overflowWrap: 'anywhere',
              bgcolor: 'action.hover',
              p: 1,
              borderRadius: 1,
            }}
          >
            {password}
          </Box>
          {password && <CopyButton value={password} label={t('password.copy')} />}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
