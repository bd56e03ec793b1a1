import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/CopyButton';
import { CodeBlock } from './CodeBlock';

/** The new token, shown this one time only; the server keeps just a hash. */
export function CreatedTokenDialog({ token, onClose }: { token: string | null; onClose: () => void }) {
  const { t } = useTranslation('account');
  // Keeps the text while the dialog fades out after `token` is cleared.
  const [shown, setShown] = useState(token);
  if (token && token !== shown) setShown(token);
  return (
    <Dialog
      open={Boolean(token)}
      // Only the explicit button closes it: a stray click outside must not lose the token.
      onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
      aria-labelledby="created-token-title"
      maxWidth="sm"
    >
      <DialogTitle id="created-token-title">{t('apiAccess.createdTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{t('apiAccess.createdWarning')}</Alert>
          {shown && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <CodeBlock label={t('apiAccess.tokenLabel')}>{shown}</CodeBlock>
              </Box>
              <CopyButton value={shown} label={t('apiAccess.copyToken')} size="medium" />
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('apiAccess.createdDone')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
