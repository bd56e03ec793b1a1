import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard';
import { EmptyState } from '../../../components/states/EmptyState';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadingState } from '../../../components/states/LoadingState';
import { LoadMore } from '../../billing/components/LoadMore';
import { InvoiceItems } from '../../billing/invoices/InvoiceItems';
import { invoiceItemsQuery } from '../queries';

/**
 * What this instance has been billed, newest first, ten at a time as the list scrolls: a table on
 * medium and larger screens, cards on small ones (the billing area's invoice lines).
 */
export function InvoiceItemsCard({ instanceId }: { instanceId: number }) {
  const { t } = useTranslation('instanceTabs');
  const items = useInfiniteQuery(invoiceItemsQuery(instanceId));
  const rows = items.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <SectionCard title={t('invoiceItems.title')}>
      {items.isPending ? (
        <LoadingState label={t('invoiceItems.loading')} minHeight={120} />
      ) : items.isError && rows.length === 0 ? (
        <ErrorState onRetry={() => items.refetch()} message={t('invoiceItems.error')} />
      ) : rows.length === 0 ? (
        <EmptyState icon={<ReceiptIcon />} title={t('invoiceItems.empty')} />
      ) : (
        <>
          <InvoiceItems items={rows} />
          <LoadMore
            hasNextPage={items.hasNextPage}
            isFetchingNextPage={items.isFetchingNextPage}
            isFetchNextPageError={items.isFetchNextPageError}
            fetchNextPage={items.fetchNextPage}
          />
        </>
      )}
    </SectionCard>
  );
}
