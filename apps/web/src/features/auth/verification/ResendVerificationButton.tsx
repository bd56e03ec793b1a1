import { Button, type ButtonProps } from '@mui/material';
import { authErrorCodes, errorCodes } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../api/errors';
import { runMutation } from '../../../api/mutations';
import { useToast } from '../../../components/toast/ToastProvider';
import { useResendVerificationMutation } from '../queries';
import { useCooldown } from './useCooldown';

/** A customer may ask for a new verification email once a minute. */
export const RESEND_COOLDOWN_SECONDS = 60;

const failureKey: Record<string, string> = {
  [authErrorCodes.alreadyVerified]: 'errors.alreadyVerified',
  [authErrorCodes.accountSuspended]: 'errors.accountSuspended',
  [errorCodes.rateLimited]: 'errors.rateLimited',
};

interface ResendVerificationButtonProps {
  label: string;
  variant?: ButtonProps['variant'];
  fullWidth?: boolean;
}

/** Sends a new verification email (signed in only); the answer arrives as a toast. */
export function ResendVerificationButton({
  label,
  variant = 'text',
  fullWidth,
}: ResendVerificationButtonProps) {
  const { t } = useTranslation('auth');
  const toast = useToast();
  const resend = useResendVerificationMutation();
  const cooldown = useCooldown('resend-verification', RESEND_COOLDOWN_SECONDS);

  const onClick = () =>
    runMutation(resend, undefined, {
      onSuccess: () => {
        cooldown.start();
        toast.success(t('verify.resent'));
      },
      onError: (error) => {
        const code = errorCodeOf(error) ?? '';
        if (code === errorCodes.rateLimited) cooldown.start();
        toast.error(t(failureKey[code] ?? 'errors.resendFailed'));
      },
    });

  return (
    <Button
      variant={variant}
      fullWidth={fullWidth}
      onClick={onClick}
      loading={resend.isPending}
      disabled={cooldown.remaining > 0}
    >
      {cooldown.remaining > 0 ? t('verify.resendIn', { seconds: cooldown.remaining }) : label}
    </Button>
  );
}
