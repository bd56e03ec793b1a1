import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button } from '@mui/material';
import { authErrorCodes, verifyEmailCodeRequestSchema } from '@nimbus/contract';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { runMutation } from '../../../api/mutations';
import { SectionCard } from '../../../components/SectionCard';
import { useToast } from '../../../components/toast/ToastProvider';
import { CodeField } from '../../auth/verification/CodeField';
import { useCooldown } from '../../auth/verification/useCooldown';
import { applyServerErrors, useApiErrorToast } from '../form/server-errors';
import {
  useEmailChangeCancelMutation,
  useEmailChangeMutation,
  useEmailChangeVerifyMutation,
} from '../queries';
import { InlineSubmitRow } from './InlineSubmitRow';

/** Asking again re-sends the change request, which mails a new code; once a minute, as for verification. */
const EMAIL_CHANGE_RESEND_COOLDOWN_SECONDS = 60;

/** A requested change of address: confirm it with the code sent to the new address, resend, or cancel. */
export function PendingEmailChange({ pendingEmail }: { pendingEmail: string }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const errorToast = useApiErrorToast();
  const verify = useEmailChangeVerifyMutation();
  const resend = useEmailChangeMutation();
  const cancel = useEmailChangeCancelMutation();
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(verifyEmailCodeRequestSchema),
    defaultValues: { code: '' },
  });
  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await verify.mutateAsync(code);
      toast.success(t('email.changed', { email: pendingEmail }));
    } catch (error) {
      if (!applyServerErrors(error, setError, ['code'], { [authErrorCodes.invalidCode]: 'code' })) {
        errorToast(error);
      }
    }
  });
  const cooldown = useCooldown('resend-email-change', EMAIL_CHANGE_RESEND_COOLDOWN_SECONDS);
  const onResend = () =>
    runMutation(resend, pendingEmail, {
      onSuccess: () => {
        cooldown.start();
        toast.success(t('email.codeSent', { email: pendingEmail }));
      },
      onError: errorToast,
    });
  const onCancel = () =>
    runMutation(cancel, undefined, {
      onSuccess: () => toast.info(t('email.changeCancelled')),
      onError: errorToast,
    });
  const busy = formState.isSubmitting || resend.isPending || cancel.isPending;

  return (
    <SectionCard title={t('email.pendingTitle')} onSubmit={onSubmit}>
      <Alert severity="info" sx={{ mb: 2 }}>
        <Trans
          t={t}
          i18nKey="email.pendingBody"
          values={{ email: pendingEmail }}
          components={{ strong: <bdi style={{ fontWeight: 600 }} /> }}
        />
      </Alert>
      <InlineSubmitRow>
        <CodeField control={control} name="code" />
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          loading={formState.isSubmitting}
          sx={{ flexShrink: 0, mt: { sm: 1 }, width: { xs: '100%', sm: 'auto' } }}
        >
          {t('email.confirm')}
        </Button>
      </InlineSubmitRow>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
        <Button onClick={onResend} disabled={busy || cooldown.remaining > 0} loading={resend.isPending}>
          {cooldown.remaining > 0 ? t('email.resendIn', { seconds: cooldown.remaining }) : t('email.resend')}
        </Button>
        <Button color="error" onClick={onCancel} disabled={busy} loading={cancel.isPending}>
          {t('email.cancelChange')}
        </Button>
      </Box>
    </SectionCard>
  );
}
