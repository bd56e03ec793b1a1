import InfoIcon from '@mui/icons-material/InfoOutlined';
import { Box, IconButton } from '@mui/material';
import { gatewayBrands, type Payment } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/DetailList';
import { Hint } from '../../../components/Hint';
import { useMoney } from '../../../lib/money';
import { showsReceivedAmount } from './payment-display';

/** The expanded part of a payment: tracking id, description, and what was received when it differs. */
export function PaymentDetails({ payment }: { payment: Payment }) {
  const { money } = useMoney();
  const { t } = useTranslation(['payments', 'billing']);
  // Worded like the payment's line in transactions, in the customer's language.
  const description = t(
    payment.isAutoRecharge
      ? 'billing:transactions.describe.autoRecharge'
      : 'billing:transactions.describe.topUp',
    { gateway: gatewayBrands[payment.paymentGateway] },
  );
  const items = [
    { label: t('history.trackingId'), value: <bdi>{payment.additionalData.trackingId ?? '—'}</bdi> },
    { label: t('history.description'), value: description },
  ];
  if (showsReceivedAmount(payment.status) && payment.totalCaptureAmount !== null) {
    const explanation = t(`history.receivedExplained.${payment.status}`, {
      price: money(payment.price),
      credited: money(payment.creditedAmount),
    });
    items.push({
      label: t('history.paidAmount'),
      value: (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          {money(payment.totalCaptureAmount)}
          <Hint title={explanation}>
            <IconButton size="small" aria-label={explanation}>
              <InfoIcon fontSize="small" />
            </IconButton>
          </Hint>
        </Box>
      ),
    });
  }
  return <DetailList items={items} />;
}
