import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { invoiceCountQuery } from './queries';
import { Tile } from './Tile';

/** The invoices tile; left out when the count cannot be loaded, as the service tiles are. */
export function InvoicesTile() {
  const { t } = useTranslation('account');
  const count = useQuery(invoiceCountQuery());
  if (count.isError) return null;
  return <Tile label={t('dashboard.invoices')} value={count.data} />;
}
