import { Chip, type ChipProps } from '@mui/material';
import type { InvoiceStatus, TransactionStatus } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';

/** Open invoices in the success colour, closed ones grey (platform.md §4). */
export function InvoiceStatusChip({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation('billing');
  return (
    <Chip
      size="small"
      label={t(`invoices.status.${status}`)}
      color={status === 'open' ? 'success' : 'default'}
      variant={status === 'open' ? 'filled' : 'outlined'}
    />
  );
}

const transactionColours: Record<TransactionStatus, ChipProps['color']> = {
  completed: 'success',
  pending: 'warning',
  failed: 'error',
  reversed: 'default',
  open: 'info',
};

export function TransactionStatusChip({ status }: { status: TransactionStatus }) {
  const { t } = useTranslation('billing');
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(`transactions.status.${status}`)}
      color={transactionColours[status]}
    />
  );
}
