import { type Transaction, transactionStatuses, transactionTypes } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import type { FilterField } from '../../../components/filters';

/** The transactions page filters by status, type and date. */
export function useTransactionFilterFields(): FilterField[] {
  const { t } = useTranslation('billing');
  return [
    {
      kind: 'choice',
      name: 'status',
      label: t('transactions.fields.status'),
      options: transactionStatuses.map((status) => ({
        value: status,
        label: t(`transactions.status.${status}`),
      })),
    },
    {
      kind: 'choice',
      name: 'type',
      label: t('transactions.fields.type'),
      options: transactionTypes.map((type) => ({ value: type, label: t(`transactions.type.${type}`) })),
    },
    { kind: 'interval', label: t('transactions.fields.interval') },
  ];
}

/** Where a transaction leads: an invoice's charges to that invoice, a payment to the payments page. */
export const transactionTarget = (transaction: Transaction) =>
  transaction.type === 'invoice'
    ? ({ to: '/invoices/$id', params: { id: String(transaction.referenceId) } } as const)
    : ({ to: '/payments' } as const);
