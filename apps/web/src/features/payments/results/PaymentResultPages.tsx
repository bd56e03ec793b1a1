import { Alert, Stack } from '@mui/material';
import { useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink, TextLink } from '../../../components/links';
import { useUserInfoQuery } from '../../auth/queries';
import { ResultMessage } from '../../auth/ResultMessage';
import { ResumeCartAfterPayment } from '../../instance-creation/cart/ResumeCartAfterPayment';
import { readPaymentResultSearch } from '../search';
import { PaymentOutcome } from './PaymentOutcome';

type Outcome = 'success' | 'fail' | 'underpaid' | 'pending';
const severity = { success: 'success', fail: 'error', underpaid: 'warning', pending: 'warning' } as const;

/** The ways on from every result screen. */
function ResultActions() {
  const { t } = useTranslation('payments');
  return (
    <Stack spacing={1.5}>
      <ButtonLink to="/dashboard" variant="contained" size="large" fullWidth>
        {t('result.toDashboard')}
      </ButtonLink>
      <ButtonLink to="/payments" variant="outlined" fullWidth>
        {t('result.toPayments')}
      </ButtonLink>
      <ButtonLink to="/transactions" fullWidth>
        {t('result.toTransactions')}
      </ButtonLink>
    </Stack>
  );
}

function PaymentResult({ outcome, note }: { outcome: Outcome; note?: ReactNode }) {
  const { t } = useTranslation('payments');
  const { paymentId } = readPaymentResultSearch(useSearch({ strict: false }));
  // Only a payment that may still settle is worth watching: the gateway said so, or said success early.
  const poll = outcome === 'success' || outcome === 'pending';
  return (
    <ResultMessage
      severity={severity[outcome]}
      title={t(`result.${outcome}.title`)}
      text={t(`result.${outcome}.text`)}
    >
      <Stack spacing={2.5}>
        {note}
        {paymentId !== undefined && <PaymentOutcome paymentId={paymentId} poll={poll} />}
        <ResultActions />
      </Stack>
    </ResultMessage>
  );
}

/** Paid. A customer whose email is still unverified is reminded: services need a verified address. */
export function PaymentSuccessPage() {
  const { t } = useTranslation('payments');
  const user = useUserInfoQuery();
  const unverified = user.data && !user.data.email.isVerified;
  return (
    <>
      {/* A payment made from the cart goes on to deploy the saved order. */}
      <ResumeCartAfterPayment />
      <PaymentResult
        outcome="success"
        note={
          unverified ? (
            <Alert severity="warning" sx={{ textAlign: 'start' }}>
              {t('result.verifyEmail.text')}{' '}
              <TextLink to="/account/$tab" params={{ tab: 'email' }}>
                {t('result.verifyEmail.link')}
              </TextLink>
            </Alert>
          ) : undefined
        }
      />
    </>
  );
}

export function PaymentFailPage() {
  return <PaymentResult outcome="fail" />;
}

/** Less than the price arrived: only what was received is added to the balance. */
export function PaymentUnderpaidPage() {
  return <PaymentResult outcome="underpaid" />;
}

/** Crypto payments wait for confirmations, up to 72 hours. */
export function PaymentPendingPage() {
  return <PaymentResult outcome="pending" />;
}
