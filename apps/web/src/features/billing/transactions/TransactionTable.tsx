import { TableCell } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../../components/links';
import { insideRow, LinkRow } from '../components/LinkRow';
import type { ListViewProps } from '../components/ListStatus';
import { PagedTable } from '../components/PagedTable';
import { TransactionStatusChip } from '../components/StatusChips';
import { type TransactionFilters, transactionListQuery } from '../queries';
import { TransactionValue } from './TransactionValue';
import {
  isRunningTotal,
  useTransactionDate,
  useTransactionDescription,
  useTransactionType,
} from './transaction-description';
import { transactionTarget } from './transaction-filters';

interface TransactionTableProps extends ListViewProps<TransactionFilters> {
  page: number;
  onPage: (page: number) => void;
}

/** Transactions on medium and larger screens: a table, a page at a time, the page kept in the URL. */
export function TransactionTable({
  filters,
  filtered,
  texts,
  onClearFilters,
  page,
  onPage,
}: TransactionTableProps) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const dateOf = useTransactionDate();
  const describe = useTransactionDescription();
  const typeOf = useTransactionType();
  const list = useQuery(transactionListQuery(filters, page));
  const transactions = list.data?.transactions ?? [];

  return (
    <PagedTable
      label={t('transactions.title')}
      columns={[
        { label: t('transactions.columns.date') },
        { label: t('transactions.columns.description') },
        { label: t('transactions.columns.type') },
        { label: t('transactions.columns.status') },
        { label: t('transactions.columns.value'), align: 'right' },
      ]}
      texts={texts}
      query={list}
      isEmpty={transactions.length === 0}
      filtered={filtered}
      onClearFilters={onClearFilters}
      page={page}
      totalPages={list.data?.totalPages ?? 0}
      onPage={onPage}
      paginationLabel={t('transactions.pagination')}
    >
      {transactions.map((transaction) => (
        <LinkRow key={transaction.id} onOpen={() => navigate(transactionTarget(transaction))}>
          <TableCell
            sx={{
              whiteSpace: 'nowrap',
              ...(isRunningTotal(transaction) && { color: 'text.secondary', fontStyle: 'italic' }),
            }}
          >
            {dateOf(transaction)}
          </TableCell>
          <TableCell sx={{ overflowWrap: 'anywhere' }}>
            <TextLink {...transactionTarget(transaction)} {...insideRow}>
              {describe(transaction)}
            </TextLink>
          </TableCell>
          <TableCell>{typeOf(transaction)}</TableCell>
          <TableCell>
            <TransactionStatusChip status={transaction.status} />
          </TableCell>
          <TableCell align="right">
            <TransactionValue value={transaction.value} />
          </TableCell>
        </LinkRow>
      ))}
    </PagedTable>
  );
}
