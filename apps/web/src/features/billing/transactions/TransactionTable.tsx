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
import { useFormatDate } from '../../account/dates';
import { insideRow, LinkRow } from '../components/LinkRow';
import { ListStatus, type ListViewProps } from '../components/ListStatus';
import { Paging } from '../components/Paging';
import { TransactionStatusChip } from '../components/StatusChips';
import { type TransactionFilters, transactionListQuery } from '../queries';
import { TransactionValue } from './TransactionValue';
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
  const formatDate = useFormatDate();
  const list = useQuery(transactionListQuery(filters, page));
  const transactions = list.data?.transactions ?? [];

  return (
    <ListStatus
      texts={texts}
      isPending={list.isPending}
      isError={list.isError}
      isEmpty={transactions.length === 0}
      filtered={filtered}
      onRetry={() => list.refetch()}
      onClearFilters={onClearFilters}
      onFirstPage={page > 1 ? () => onPage(1) : undefined}
    >
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {list.isPlaceholderData && <LinearProgress aria-label={texts.loading} />}
        <TableContainer>
          <Table aria-label={t('transactions.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('transactions.columns.date')}</TableCell>
                <TableCell>{t('transactions.columns.description')}</TableCell>
                <TableCell>{t('transactions.columns.type')}</TableCell>
                <TableCell>{t('transactions.columns.status')}</TableCell>
                <TableCell align="right">{t('transactions.columns.value')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {transactions.map((transaction) => (
                <LinkRow key={transaction.id} onOpen={() => navigate(transactionTarget(transaction))}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDate(transaction.timestamp, 'LLL')}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <TextLink {...transactionTarget(transaction)} {...insideRow}>
                      {transaction.description}
                    </TextLink>
                  </TableCell>
                  <TableCell>{t(`transactions.type.${transaction.type}`)}</TableCell>
                  <TableCell>
                    <TransactionStatusChip status={transaction.status} />
                  </TableCell>
                  <TableCell align="right">
                    <TransactionValue value={transaction.value} />
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
        label={t('transactions.pagination')}
      />
    </ListStatus>
  );
}
