import { invoiceStatuses } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import type { FilterField } from '../../../components/filters';

/** The invoices page filters by status and date (platform.md §2). */
export function useInvoiceFilterFields(): FilterField[] {
  const { t } = useTranslation('billing');
  return [
    {
      kind: 'choice',
      name: 'status',
      label: t('invoices.fields.status'),
      options: invoiceStatuses.map((status) => ({ value: status, label: t(`invoices.status.${status}`) })),
    },
    { kind: 'interval', label: t('invoices.fields.interval') },
  ];
}
