import CloseIcon from '@mui/icons-material/Close';
import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import { Box, Fab, IconButton } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  onOpen: () => void;
  onDismiss: () => void;
  /** The customer just closed the dialog: the keyboard goes on from the button that stands in for it. */
  takeFocus: boolean;
}

/**
 * A survey closed for now: a floating button in the bottom corner reopens it, the small one beside it
 * dismisses it. Logical insets put it at the end side in either direction (the left in Arabic).
 */
export function MinimizedSurvey({ onOpen, onDismiss, takeFocus }: Props) {
  const { t } = useTranslation('surveys');
  const fab = useRef<HTMLButtonElement>(null);
  // An effect, not autoFocus: it runs after the closed dialog has handed focus back to where it came
  // from, which is often gone (the button that opened it) and would leave the keyboard nowhere.
  useEffect(() => {
    if (takeFocus) fab.current?.focus();
  }, [takeFocus]);
  return (
    <Box
      sx={{
        position: 'fixed',
        bottom: { xs: 16, sm: 24 },
        insetInlineEnd: { xs: 16, sm: 24 },
        zIndex: (theme) => theme.zIndex.speedDial,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
      }}
    >
      <IconButton
        size="small"
        aria-label={t('actions.dismiss')}
        onClick={onDismiss}
        sx={{ bgcolor: 'background.paper', boxShadow: 2, '&:hover': { bgcolor: 'background.paper' } }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
      <Fab ref={fab} color="primary" variant="extended" onClick={onOpen}>
        <RateReviewIcon sx={{ marginInlineEnd: 1 }} />
        {t('actions.open')}
      </Fab>
    </Box>
  );
}
