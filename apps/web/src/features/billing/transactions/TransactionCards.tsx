import { Box, Typography } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CardList, LinkCard } from '../components/CardList';
import type { ListViewProps } from '../components/ListStatus';
import { TransactionStatusChip } from '../components/StatusChips';
import { type TransactionFilters, transactionPagesQuery } from '../queries';
import { TransactionValue } from './TransactionValue';
import { useTransactionDate, useTransactionDescription, useTransactionType } from './transaction-description';
import { transactionTarget } from './transaction-filters';

/** Transactions on small screens: cards, scrolling on into older ones. */
export function TransactionCards({
  filters,
  filtered,
  texts,
  onClearFilters,
}: ListViewProps<TransactionFilters>) {
  const { t } = useTranslation('billing');
  const dateOf = useTransactionDate();
  const describe = useTransactionDescription();
  const typeOf = useTransactionType();
  const list = useInfiniteQuery(transactionPagesQuery(filters));
  const transactions = list.data?.pages.flatMap((page) => page.transactions) ?? [];

  return (
    <CardList
      label={t('transactions.title')}
      texts={texts}
      query={list}
      isEmpty={transactions.length === 0}
      filtered={filtered}
      onClearFilters={onClearFilters}
    >
      {transactions.map((transaction) => (
        <LinkCard key={transaction.id} link={transactionTarget(transaction)}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'start', gap: 1 }}>
            <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>
              {describe(transaction)}
            </Typography>
            <TransactionValue value={transaction.value} />
          </Box>
          <Typography component="span" variant="body2" color="text.secondary">
            {dateOf(transaction)} · {typeOf(transaction)}
          </Typography>
          <Box>
            <TransactionStatusChip status={transaction.status} />
          </Box>
        </LinkCard>
      ))}
    </CardList>
  );
}
