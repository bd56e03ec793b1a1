import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface InfrastructureErrorProps {
  /** What Try Again does; reloading the page is the fallback that always helps. */
  onRetry?: () => void;
  /** `page` fills the screen area it is given; `panel` sits inside a card or list. */
  variant?: 'page' | 'panel';
  title?: ReactNode;
  message?: ReactNode;
  /** Replaces the cloud icon, e.g. for the "new version available" case. */
  icon?: ReactNode;
  /** Replaces "Try again" where another word says better what the button does. */
  retryLabel?: string;
}

/** The generic infrastructure error (spec: "generic infrastructure error page with Try Again"). */
export function InfrastructureError({
  onRetry = () => window.location.reload(),
  variant = 'page',
  title,
  message,
  icon,
  retryLabel,
}: InfrastructureErrorProps) {
  const { t } = useTranslation();
  const page = variant === 'page';
  return (
    <Box
      role="alert"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 1.5,
        px: 2,
        py: page ? 8 : 4,
        minHeight: page ? '50vh' : undefined,
      }}
    >
      <Box aria-hidden sx={{ color: 'text.disabled', lineHeight: 0, '& svg': { fontSize: page ? 64 : 44 } }}>
        {icon ?? <CloudOffIcon />}
      </Box>
      <Typography variant={page ? 'h2' : 'h3'} component={page ? 'h1' : 'h2'}>
        {title ?? t('infrastructureError.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 460 }}>
        {message ?? t('infrastructureError.message')}
      </Typography>
      <Button variant="contained" startIcon={<RefreshIcon />} onClick={onRetry} sx={{ mt: 1 }}>
        {retryLabel ?? t('actions.retry')}
      </Button>
    </Box>
  );
}
