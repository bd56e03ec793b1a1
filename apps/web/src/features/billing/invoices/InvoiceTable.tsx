import { TableCell } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../components/links';
import { useFormatPeriod } from '../../../lib/dates';
import { useMoney } from '../../../lib/money';
import { insideRow, LinkRow } from '../components/LinkRow';
import type { ListViewProps } from '../components/ListStatus';
import { PagedTable } from '../components/PagedTable';
import { InvoiceStatusChip } from '../components/StatusChips';
import { type InvoiceFilters, invoiceListQuery } from '../queries';

interface InvoiceTableProps extends ListViewProps<InvoiceFilters> {
  page: number;
  onPage: (page: number) => void;
}

/** Invoices on medium and larger screens: a table, a page at a time. */
export function InvoiceTable({ filters, filtered, texts, onClearFilters, page, onPage }: InvoiceTableProps) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const formatPeriod = useFormatPeriod();
  const { money } = useMoney();
  const list = useQuery(invoiceListQuery(filters, page));
  const invoices = list.data?.invoices ?? [];
  const open = (id: number) => navigate({ to: '/invoices/$id', params: { id: String(id) } });

  return (
    <PagedTable
      label={t('invoices.title')}
      columns={[
        { label: t('invoices.columns.id') },
        { label: t('invoices.columns.interval') },
        { label: t('invoices.columns.status') },
        { label: t('invoices.columns.amount'), align: 'right' },
      ]}
      texts={texts}
      query={list}
      isEmpty={invoices.length === 0}
      filtered={filtered}
      onClearFilters={onClearFilters}
      page={page}
      totalPages={list.data?.totalPages ?? 0}
      onPage={onPage}
      paginationLabel={t('invoices.pagination')}
    >
      {invoices.map((invoice) => (
        <LinkRow key={invoice.id} onOpen={() => open(invoice.id)}>
          <TableCell>
            <TextLink to="/invoices/$id" params={{ id: String(invoice.id) }} {...insideRow}>
              {t('invoices.number', { id: invoice.id })}
            </TextLink>
          </TableCell>
          <TableCell>{formatPeriod(invoice.interval.start, invoice.interval.end)}</TableCell>
          <TableCell>
            <InvoiceStatusChip status={invoice.status} />
          </TableCell>
          <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {money(invoice.roundedAmount)}
          </TableCell>
        </LinkRow>
      ))}
    </PagedTable>
  );
}
