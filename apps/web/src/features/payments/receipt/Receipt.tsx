import { Box, Divider, Paper, Typography } from '@mui/material';
import type { PaymentReceipt } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { brandingQuery } from '../../../api/branding';
import { DetailList } from '../../../components/DetailList';
import { useFormatDate } from '../../../lib/dates';
import { useMoney } from '../../../lib/money';
import { PaymentStatusChip } from '../history/PaymentStatusChip';
import { useGatewayName } from '../history/payment-display';

/** The receipt itself, laid out to print on one page. */
export function Receipt({ receipt }: { receipt: PaymentReceipt }) {
  const { t } = useTranslation('payments');
  const { data: branding } = useQuery(brandingQuery);
  const formatDate = useFormatDate();
  const gatewayName = useGatewayName();
  const format = useMoney();
  const { payment, customer } = receipt;
  const money = (amount: string | null) => (amount === null ? '—' : format.money(amount));
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, '@media print': { border: 'none', p: 0 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 2, mb: 3 }}>
        <Box>
          <Typography variant="h1">{t('receipt.title', { id: payment.id })}</Typography>
          {branding && (
            <Typography color="text.secondary">
              <bdi>{branding.name}</bdi> · <bdi>{branding.supportEmail}</bdi>
            </Typography>
          )}
        </Box>
        <Box sx={{ textAlign: 'end' }}>
          <Typography sx={{ fontWeight: 600 }}>{customer.fullname}</Typography>
          <Typography color="text.secondary">
            <bdi>{customer.email}</bdi>
          </Typography>
        </Box>
      </Box>
      <DetailList
        items={[
          { label: t('receipt.paymentId'), value: payment.id },
          { label: t('receipt.date'), value: formatDate(payment.createdAt, 'dateTime') },
          { label: t('receipt.gateway'), value: gatewayName(payment.paymentGateway) },
          { label: t('receipt.status'), value: <PaymentStatusChip payment={payment} /> },
          { label: t('receipt.trackingId'), value: <bdi>{payment.additionalData.trackingId ?? '—'}</bdi> },
        ]}
      />
      <Divider sx={{ my: 3 }} />
      <DetailList
        items={[
          { label: t('receipt.credit'), value: money(payment.credit) },
          { label: t('receipt.fee'), value: money(payment.fee) },
          { label: t('receipt.price'), value: <strong>{money(payment.price)}</strong> },
          { label: t('receipt.received'), value: money(payment.totalCaptureAmount) },
          { label: t('receipt.credited'), value: money(payment.creditedAmount) },
        ]}
      />
    </Paper>
  );
}
