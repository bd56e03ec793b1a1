import PrintIcon from '@mui/icons-material/PrintOutlined';
import { Box } from '@mui/material';
import { fromMicros, type InvoiceItem, toMicros } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Navigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { DetailList } from '../../../components/DetailList';
import { ButtonLink } from '../../../components/links';
import { PageHeader } from '../../../components/PageHeader';
import { SectionCard } from '../../../components/SectionCard';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadingState } from '../../../components/states/LoadingState';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { useFormatPeriod } from '../../../lib/dates';
import { useMoney } from '../../../lib/money';
import { InvoiceStatusChip } from '../components/StatusChips';
import { invoiceQuery } from '../queries';
import { InvoiceItems } from './InvoiceItems';

const route = getRouteApi('/invoices/$id');

/** The charges and the credits of an invoice that has credit lines; none otherwise. */
function creditSplit(items: readonly InvoiceItem[]) {
  if (!items.some((item) => item.type === 'credit')) return [];
  const sum = (credit: boolean) =>
    items
      .filter((item) => (item.type === 'credit') === credit)
      .reduce((total, item) => total + toMicros(item.subtotal), 0);
  return [{ charges: sum(false), credits: sum(true) }];
}

/** One invoice: its period, status and total, its items, and the way to a printable copy. */
export function InvoiceDetailsPage() {
  const { t } = useTranslation('billing');
  const { id }: { id: string } = route.useParams();
  const formatPeriod = useFormatPeriod();
  const { money } = useMoney();
  const invoice = useQuery(invoiceQuery(Number(id)));

  // An unknown invoice, or another customer's, is simply not found (platform.md §8).
  if (invoice.error instanceof ApiError && invoice.error.status === 404)
    return <Navigate to="/404" replace />;

  const data = invoice.data;
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('invoice.title', { id })}
        breadcrumbs={[
          { label: t('breadcrumb.billing') },
          { label: t('invoices.title'), to: '/invoices' },
          { label: t('invoice.crumb', { id }) },
        ]}
        actions={
          data && (
            <ButtonLink
              to="/invoices/print"
              search={{ token: data.printToken }}
              target="_blank"
              rel="noopener"
              variant="outlined"
              startIcon={<PrintIcon />}
            >
              {t('invoice.print')} <VisuallyHidden>{t('invoice.newTab')}</VisuallyHidden>
            </ButtonLink>
          )
        }
      />
      {invoice.isPending ? (
        <LoadingState label={t('invoice.loading')} />
      ) : !data ? (
        <ErrorState onRetry={() => invoice.refetch()} message={t('invoice.error')} />
      ) : (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <SectionCard title={t('invoice.summary')}>
            <DetailList
              items={[
                { label: t('invoice.period'), value: formatPeriod(data.interval.start, data.interval.end) },
                { label: t('invoice.status'), value: <InvoiceStatusChip status={data.status} /> },
                // With a credit line (a refund on deletion) the total is charges less credits: say both, as
                // Transactions shows the charges and the refund apart.
                ...creditSplit(data.items).flatMap(({ charges, credits }) => [
                  { label: t('invoice.charges'), value: money(fromMicros(charges)) },
                  { label: t('invoice.credits'), value: money(fromMicros(credits)) },
                ]),
                {
                  label: t('invoice.total'),
                  value: (
                    <Box component="strong" sx={{ fontSize: '1.25rem', fontVariantNumeric: 'tabular-nums' }}>
                      {money(data.roundedAmount)}
                    </Box>
                  ),
                },
              ]}
            />
          </SectionCard>
          <SectionCard title={t('invoice.items')}>
            <InvoiceItems items={data.items} />
          </SectionCard>
        </Box>
      )}
    </Box>
  );
}
