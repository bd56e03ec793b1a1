import {
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../components/links';
import { insideRow, LinkRow } from '../components/LinkRow';
import { ListStatus, type ListViewProps } from '../components/ListStatus';
import { Paging } from '../components/Paging';
import { InvoiceStatusChip } from '../components/StatusChips';
import { money, useFormatPeriod } from '../format';
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
  const list = useQuery(invoiceListQuery(filters, page));
  const invoices = list.data?.invoices ?? [];
  const open = (id: number) => navigate({ to: '/invoices/$id', params: { id: String(id) } });

  return (
    <ListStatus
      texts={texts}
      isPending={list.isPending}
      isError={list.isError}
      isEmpty={invoices.length === 0}
      filtered={filtered}
      onRetry={() => list.refetch()}
      onClearFilters={onClearFilters}
      onFirstPage={page > 1 ? () => onPage(1) : undefined}
    >
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {list.isPlaceholderData && <LinearProgress aria-label={texts.loading} />}
        <TableContainer>
          <Table aria-label={t('invoices.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('invoices.columns.id')}</TableCell>
                <TableCell>{t('invoices.columns.interval')}</TableCell>
                <TableCell>{t('invoices.columns.status')}</TableCell>
                <TableCell align="right">{t('invoices.columns.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
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
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      <Paging
        page={page}
        totalPages={list.data?.totalPages ?? 0}
        onPage={onPage}
        label={t('invoices.pagination')}
      />
    </ListStatus>
  );
}
