import { Alert } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A form-level failure; announced by screen readers as soon as it appears. */
export function FormError({ messageKey, action }: { messageKey: string | null; action?: ReactNode }) {
  const { t } = useTranslation('auth');
  if (!messageKey) return null;
  return (
    <Alert severity="error" role="alert" action={action}>
      {t(messageKey)}
    </Alert>
  );
}
