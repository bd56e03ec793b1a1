import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { KycTicketLink } from './KycNotice';
import type { CheckoutProblem } from './top-up-form';

/** Why the gateway was not opened, next to the checkout button (platform.md §8 Payment). */
export function CheckoutProblemAlert({ problem }: { problem: CheckoutProblem }) {
  const { t } = useTranslation('payments');
  if (problem.kind === 'kyc') {
    return (
      <Alert severity="warning">
        {t('kyc.required')} <KycTicketLink />
      </Alert>
    );
  }
  return (
    <Alert severity="error">
      {problem.kind === 'limit'
        ? t('errors.reachedPaymentLimit')
        : (problem.detail ?? t('common:errors.tryAgain'))}
    </Alert>
  );
}
