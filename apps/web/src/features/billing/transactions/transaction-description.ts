import { gatewayBrands, type Transaction } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';

/** A transaction in the customer's words and language: what moved the credit, not the API's English text. */
export function useTransactionDescription() {
  const { t, i18n } = useTranslation('billing');
  const month = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (transaction: Transaction): string => {
    const gateway = transaction.gateway ? gatewayBrands[transaction.gateway] : '';
    switch (transaction.kind) {
      case 'top_up':
        return t('transactions.describe.topUp', { gateway });
      case 'auto_recharge':
        return t('transactions.describe.autoRecharge', { gateway });
      case 'adjustment':
        return t('transactions.describe.adjustment', { note: transaction.note ?? '' });
      case 'invoice':
        return transaction.period
          ? t('transactions.describe.invoice', {
              month: month.format(new Date(`${transaction.period}-01T00:00:00Z`)),
            })
          : transaction.description;
    }
  };
}
