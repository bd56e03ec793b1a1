import { Alert, Box, CircularProgress, Typography } from '@mui/material';
import type { Payment } from '@nimbus/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/money';
import { billingInfoQuery, creditChanged } from '../../billing/queries';
import { unlessLive } from '../../live-updates/live-status';
import { PaymentStatusChip } from '../history/PaymentStatusChip';
import { paymentsPageQuery } from '../queries';

/** Gateways confirm a little after sending the payer back; these screens wait for the outcome. */
export const PAYMENT_POLL_MS = 3000;
/**
 * NEW means the gateway's notice is still on its way (the payer comes back first): every screen waits
 * for it. PENDING is an outcome in itself; only the screens that expect it to settle (`poll`) watch it.
 */
const isWaiting = (payment: Payment | undefined, poll: boolean) =>
  payment?.status === 'NEW' || (poll && payment?.status === 'PENDING');

/**
 * The payment the gateway came back with (found on the newest page of payments), its amount and status,
 * and the balance it leads to, checked again every 3 s while it waits for the gateway.
 */
export function PaymentOutcome({ paymentId, poll }: { paymentId: number; poll: boolean }) {
  const { t } = useTranslation('payments');
  const { money } = useMoney();
  const queryClient = useQueryClient();
  const list = useQuery({
    ...paymentsPageQuery(1),
    refetchInterval: (query) => {
      const found = query.state.data?.payments.find((p) => p.id === paymentId);
      return unlessLive(isWaiting(found, poll) ? PAYMENT_POLL_MS : false);
    },
  });
  const payment = list.data?.payments.find((p) => p.id === paymentId);
  const balance = useQuery(billingInfoQuery());

  // Every new status may have changed the balance (credited, or credited in part).
  const status = payment?.status;
  useEffect(() => {
    if (status) void creditChanged(queryClient);
  }, [status, queryClient]);

  if (list.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center' }}>
        <CircularProgress size={24} aria-label={t('result.loadingPayment')} />
      </Box>
    );
  }
  if (!payment) return null;
  return (
    <Alert severity="info" icon={false} sx={{ textAlign: 'start' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {t('result.payment', { id: payment.id, amount: money(payment.credit) })}
        </Typography>
        <PaymentStatusChip payment={payment} />
      </Box>
      {isWaiting(payment, poll) && (
        <Typography variant="body2" role="status" sx={{ mt: 1 }}>
          {t('result.waiting')}
        </Typography>
      )}
      {balance.data && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('result.balance', { balance: money(balance.data.balance) })}
        </Typography>
      )}
    </Alert>
  );
}
