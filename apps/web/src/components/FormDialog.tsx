import { Dialog, DialogTitle, useMediaQuery, useTheme } from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import { DEFAULT_DIALOG_WIDTH } from './ConfirmDialog';

/**
 * A dialog holding a form: full screen on phones, `width` wide otherwise, and not closable while its
 * form is sending (the form reports that through `setBusy`). Its content unmounts once closed, so every
 * opening starts empty.
 */
export function FormDialog({
  open,
  onClose,
  title,
  width = DEFAULT_DIALOG_WIDTH,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  width?: number;
  children: (setBusy: (busy: boolean) => void) => ReactNode;
}) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={phone}
      fullWidth
      slotProps={{ paper: { sx: phone ? undefined : { maxWidth: width } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children(setBusy)}
    </Dialog>
  );
}
