import { Chip } from '@mui/material';
import type { Payment } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { statusColor } from './payment-display';

export function PaymentStatusChip({ payment }: { payment: Pick<Payment, 'status' | 'overallStatus'> }) {
  const { t } = useTranslation('payments');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={statusColor[payment.overallStatus]}
      label={t(`status.${payment.status}`)}
    />
  );
}
