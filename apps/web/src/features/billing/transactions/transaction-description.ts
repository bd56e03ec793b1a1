import { gatewayBrands, type Transaction } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { useFormatDate, useFormatMonth } from '../../../lib/dates';

/** A transaction in the customer's words and language: what moved the credit, not the API's English text. */
export function useTransactionDescription() {
  const { t } = useTranslation('billing');
  const formatMonth = useFormatMonth();
  return (transaction: Transaction): string => {
    const gateway = transaction.gateway ? gatewayBrands[transaction.gateway] : '';
    const { hostname } = transaction;
    switch (transaction.kind) {
      case 'top_up':
        return t('transactions.describe.topUp', { gateway });
      case 'auto_recharge':
        return t('transactions.describe.autoRecharge', { gateway });
      case 'adjustment':
        return t('transactions.describe.adjustment', { note: transaction.note ?? '' });
      case 'invoice': {
        if (!transaction.period) return transaction.description;
        const values = { month: formatMonth(transaction.period) };
        // An open invoice is a running total: it says so, so its changing amount surprises nobody.
        return transaction.status === 'open'
          ? t('transactions.describe.invoiceSoFar', values)
          : t('transactions.describe.invoice', values);
      }
      case 'refund':
        if (hostname) return t('transactions.describe.serviceRefund', { hostname });
        return gateway
          ? t('transactions.describe.paymentRefund', { gateway })
          : t('transactions.describe.refund');
      case 'dispute':
        return t('transactions.describe.dispute', { gateway });
      case 'reversal':
        return t('transactions.describe.reversal');
      case 'charge':
        return hostname
          ? t('transactions.describe.serviceCharge', { hostname })
          : t('transactions.describe.charge');
      // A kind this panel does not know yet: the API's own words.
      case 'other':
        return transaction.description;
    }
  };
}

/** When a transaction happened; an open invoice has no one moment: its month is still running. */
export function useTransactionDate() {
  const { t } = useTranslation('billing');
  const formatDate = useFormatDate();
  return (transaction: Transaction): string =>
    isRunningTotal(transaction)
      ? t('transactions.monthToDate')
      : formatDate(transaction.timestamp, 'dateTime');
}

/** An open invoice: the charges of its month so far, its total still growing. */
export const isRunningTotal = (transaction: Transaction) =>
  transaction.kind === 'invoice' && transaction.status === 'open';

/**
 * The Type column: a top-up is a payment and an invoice's charges an invoice, the spec's two types; every
 * other ledger entry says what it is (a refund is not an invoice, even when it leads to one).
 */
export function useTransactionType() {
  const { t } = useTranslation('billing');
  return (transaction: Transaction): string => {
    switch (transaction.kind) {
      case 'top_up':
      case 'auto_recharge':
      case 'invoice':
        return t(`transactions.type.${transaction.type}`);
      default:
        return t(`transactions.kind.${transaction.kind}`);
    }
  };
}
