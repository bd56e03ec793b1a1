import { Box, Button, Typography } from '@mui/material';
import { type Instance, usernameForOsFamily } from '@nimbus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../../api/mutations';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/toast/ToastProvider';
import { isServerError, serverDetail } from '../action-errors';
import { HostnameText } from '../HostnameText';
import { resetPasswordDisabled } from '../instance-rules';
import { useResetInstancePasswordMutation } from '../queries';
import { NewPasswordDialog } from './NewPasswordDialog';

/**
 * Reset password: confirmed first, then a new one is generated on the server and shown once, with when
 * the server takes it (at once, or at its next start); then the instance is polled.
 */
export function PasswordReset({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instanceDetail');
  const toast = useToast();
  const reset = useResetInstancePasswordMutation(instance.id);
  const [issued, setIssued] = useState<{ password: string; appliesAt: 'now' | 'next_boot' } | null>(null);
  const [confirming, setConfirming] = useState(false);

  const ask = () => {
    if (instance.isSuspended) return toast.warning(t('suspended.access'));
    setConfirming(true);
  };
  const run = () => {
    runMutation(reset, undefined, {
      onSettled: () => setConfirming(false),
      onSuccess: (data) => setIssued(data),
      onError: (error) =>
        toast.error(
          isServerError(error)
            ? t('password.infrastructureError')
            : serverDetail(error, t('common:errors.tryAgain')),
        ),
    });
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <Typography sx={{ flex: '1 1 240px' }} color="text.secondary">
        {t('password.intro')}
      </Typography>
      <Button
        variant="outlined"
        onClick={ask}
        disabled={resetPasswordDisabled(instance)}
        loading={reset.isPending}
      >
        {t('password.button')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={<HostnameText i18nKey="password.confirmTitle" hostname={instance.hostname} />}
        message={t('password.confirmMessage', { username: usernameForOsFamily(instance.os?.family) })}
        confirmLabel={t('password.confirm')}
        loading={reset.isPending}
        onConfirm={run}
        onClose={() => setConfirming(false)}
      />
      <NewPasswordDialog
        password={issued?.password ?? null}
        username={usernameForOsFamily(instance.os?.family)}
        note={issued?.appliesAt === 'next_boot' ? t('password.nextBoot') : undefined}
        onClose={() => setIssued(null)}
      />
    </Box>
  );
}
