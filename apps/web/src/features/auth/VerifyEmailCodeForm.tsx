import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack } from '@mui/material';
import { authErrorCodes, verifyEmailCodeRequestSchema } from '@nimbus/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../api/mutations';
import { useToast } from '../../components/toast/ToastProvider';
import { FormError } from './FormError';
import { useVerifyEmailCodeMutation } from './queries';
import { useServerError } from './useServerError';
import { CodeField } from './verification/CodeField';
import { ResendVerificationButton } from './verification/ResendVerificationButton';

const serverFields = ['code'] as const;
const fieldByCode = { [authErrorCodes.invalidCode]: 'code' } as const;

interface VerifyEmailCodeFormProps {
  /** Called once the address is verified; the user info is already being refreshed. */
  onVerified?: () => void;
  autoFocus?: boolean;
}

/**
 * Verifies the account's main email with the mailed 6-digit code, with a resend that waits a minute
 * between emails. It is its own <form>: place it outside any other form.
 */
export function VerifyEmailCodeForm({ onVerified, autoFocus }: VerifyEmailCodeFormProps) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const verify = useVerifyEmailCodeMutation();
  const form = useForm({
    resolver: zodResolver(verifyEmailCodeRequestSchema),
    defaultValues: { code: '' },
  });
  const serverError = useServerError({ setError: form.setError, fields: serverFields, fieldByCode });

  const onSubmit = form.handleSubmit((values) => {
    serverError.clear();
    runMutation(verify, values, {
      onSuccess: () => {
        toast.success(t('verify.verified'));
        onVerified?.();
      },
      onError: serverError.onError,
    });
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label={t('verify.formLabel')}>
      <FormError messageKey={serverError.formError} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <CodeField control={form.control} name="code" autoFocus={autoFocus} />
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={verify.isPending}
          sx={{ flexShrink: 0, minHeight: { sm: 56 } }}
        >
          {t('verify.submit')}
        </Button>
      </Stack>
      <Box>
        <ResendVerificationButton label={t('verify.resend')} />
      </Box>
    </Stack>
  );
}
