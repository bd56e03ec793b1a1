import {
  downloadablePaymentStatuses,
  type OverallPaymentStatus,
  type Payment,
  type PaymentStatus,
} from '@nimbus/contract';
import { useGatewaysQuery } from '../../../api/catalogue';

/** Chip colours by what the status means for the customer's money. */
export const statusColor: Record<OverallPaymentStatus, 'success' | 'warning' | 'error' | 'default' | 'info'> =
  {
    success: 'success',
    partial: 'warning',
    failed: 'error',
    reversed: 'default',
    pending: 'info',
  };

/** Paid more or less than the price: the amount received differs and is explained. */
export const showsReceivedAmount = (status: PaymentStatus) => status === 'OVERPAID' || status === 'UNDERPAID';

/** The printable receipt, opened in a new tab, which starts the PDF download itself. */
export function receiptDownloadHref(payment: Payment): string | null {
  if (!payment.printToken || !downloadablePaymentStatuses.includes(payment.status)) return null;
  return `/payments/print?${new URLSearchParams({ token: payment.printToken, download: 'true' })}`;
}

/** A gateway's display name from the catalogue; a gateway since disabled keeps its plain name. */
export function useGatewayName() {
  const { data } = useGatewaysQuery();
  return (name: string) => data?.find((g) => g.name === name)?.displayName ?? name;
}
