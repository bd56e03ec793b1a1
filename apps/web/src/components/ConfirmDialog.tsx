import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { type FormEvent, type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../features/shell/chunk-error';
import { phraseMatches } from './confirm-phrase';

/*
 * This dialog is in every page's first download (it is the update-panel notice, which must show when a
 * chunk cannot be fetched), the typed phrase only in the dialogs of actions that cannot be undone: the
 * text field's code (MUI's input, label and outline) comes when such a dialog opens.
 */
const TextInput = lazyNamed(() => import('./form/TextInput'), 'TextInput');

/** Dialog width of the panel unless a screen needs more (spec: default 360 px). */
export const DEFAULT_DIALOG_WIDTH = 360;

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** The question or consequence, in words. */
  message?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for actions that destroy something. */
  destructive?: boolean;
  /** While the confirmed action runs: buttons disabled, the dialog stays. */
  loading?: boolean;
  width?: number;
  /**
   * Type-to-confirm: the localized phrase the customer must type (spaces and case ignored) before the
   * confirm button is enabled. Used for actions that cannot be undone.
   */
  confirmPhrase?: string;
  /** The phrase must be typed exactly, case and spaces included (a backup's "Restore", instances.md §5). */
  exactPhrase?: boolean;
  /** Label of the typed field when the default "Type “…” to confirm" does not say enough. */
  phraseLabel?: ReactNode;
  /** What else the customer should know before confirming (what is lost, what comes back). */
  children?: ReactNode;
}

export function ConfirmDialog({
  open,
  title,
  message,
  onConfirm,
  onClose,
  confirmLabel,
  cancelLabel,
  destructive = false,
  loading = false,
  width = DEFAULT_DIALOG_WIDTH,
  confirmPhrase,
  exactPhrase = false,
  phraseLabel,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  const [typed, setTyped] = useState('');
  useEffect(() => {
    if (open) setTyped('');
  }, [open]);

  const matches = (phrase: string) => (exactPhrase ? typed === phrase : phraseMatches(typed, phrase));
  const canConfirm = !loading && (confirmPhrase === undefined || matches(confirmPhrase));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canConfirm) onConfirm();
  };

  return (
    <Dialog
      open={open}
      onClose={loading ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
      slotProps={{ paper: { sx: { maxWidth: width } } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {message && <DialogContentText id={messageId}>{message}</DialogContentText>}
          {children}
          {confirmPhrase !== undefined && (
            // The fallback holds the field's place (small, margin normal), so nothing moves when it comes.
            <Suspense fallback={<Box sx={{ height: 40, mt: 2, mb: 1 }} />}>
              <TextInput
                autoFocus
                fullWidth
                size="small"
                margin="normal"
                label={phraseLabel ?? t('confirm.typePhrase', { phrase: confirmPhrase })}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                autoComplete="off"
                slotProps={{ htmlInput: { spellCheck: false } }}
              />
            </Suspense>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={loading} color="inherit">
            {cancelLabel ?? t('actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={destructive ? 'error' : 'primary'}
            disabled={!canConfirm}
            loading={loading}
          >
            {confirmLabel ?? t('actions.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
