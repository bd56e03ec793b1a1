import InboxIcon from '@mui/icons-material/InboxOutlined';
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface EmptyStateProps {
  title?: ReactNode;
  message?: ReactNode;
  icon?: ReactNode;
  /** Usually the button that creates the first item. */
  action?: ReactNode;
}

/** A list with nothing in it yet, saying so and offering the way forward. */
export function EmptyState({ title, message, icon, action }: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1,
        px: 2,
        py: 5,
      }}
    >
      <Box aria-hidden sx={{ color: 'text.disabled', '& svg': { fontSize: 48 } }}>
        {icon ?? <InboxIcon />}
      </Box>
      <Typography variant="h3" component="p">
        {title ?? t('states.empty')}
      </Typography>
      {message && (
        <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
          {message}
        </Typography>
      )}
      {action && <Box sx={{ mt: 1.5 }}>{action}</Box>}
    </Box>
  );
}
