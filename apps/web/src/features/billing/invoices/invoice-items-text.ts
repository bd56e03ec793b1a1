import type { InvoiceItem } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { useFormatPeriod } from '../../../lib/dates';

/** How an invoice item reads: its reason, usage (hours or cycles) and period, in the customer's language. */
export function useInvoiceItemText() {
  const { t } = useTranslation('billing');
  const formatPeriod = useFormatPeriod();
  return {
    reason: (item: InvoiceItem) => t(`invoice.reasons.${item.reason}`),
    usage: (item: InvoiceItem) => {
      // A credit (a refund on deletion) is money back, not usage.
      if (item.type === 'credit') return t('invoice.usage.credit');
      if (item.type === 'overage') return t('invoice.usage.gib', { value: item.usage / 100 });
      return item.type === 'hourly'
        ? t('invoice.usage.hours', { count: item.usage })
        : t('invoice.usage.cycles', { count: item.usage });
    },
    period: (item: InvoiceItem) =>
      item.endTimestamp
        ? formatPeriod(item.startTimestamp, item.endTimestamp)
        : t('invoice.openPeriod', { start: formatPeriod(item.startTimestamp, null) }),
  };
}
