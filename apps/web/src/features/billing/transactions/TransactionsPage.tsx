import { Box } from '@mui/material';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { clearedFilters, FilterBar, type FilterValues } from '../../../components/filters';
import { PageHeader } from '../../../components/PageHeader';
import { CreditCard } from '../CreditCard';
import type { ListTexts } from '../components/ListStatus';
import { transactionFiltersOf } from '../queries';
import { readTransactionsSearch, type TransactionsSearch } from '../search';
import { useSmallScreen } from '../use-small-screen';
import { TransactionCards } from './TransactionCards';
import { TransactionTable } from './TransactionTable';
import { useTransactionFilterFields } from './transaction-filters';

const route = getRouteApi('/transactions');

/** Every movement of credit: payments in, invoice charges out (Billing > Transactions). */
export function TransactionsPage() {
  const { t } = useTranslation('billing');
  const search: TransactionsSearch = route.useSearch();
  const navigate = useNavigate();
  const small = useSmallScreen();
  const fields = useTransactionFilterFields();
  const filters = transactionFiltersOf(search);
  const filtered = Object.values(filters).some((value) => value !== undefined);

  // Any change of filters starts again at page 1.
  const changeFilters = (patch: FilterValues) =>
    navigate({
      to: '/transactions',
      search: readTransactionsSearch({ ...search, ...patch, page: undefined }),
    });
  const clearFilters = () => changeFilters(clearedFilters(fields));
  const goToPage = (page: number) =>
    navigate({ to: '/transactions', search: { ...search, page: page > 1 ? page : undefined } });
  const texts: ListTexts = {
    loading: t('transactions.loading'),
    error: t('transactions.error'),
    empty: t('transactions.empty'),
    emptyHint: t('transactions.emptyHint'),
    emptyFiltered: t('transactions.emptyFiltered'),
  };
  const list = { filters, filtered, texts, onClearFilters: clearFilters };

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('transactions.title')}
        breadcrumbs={[{ label: t('breadcrumb.billing') }, { label: t('transactions.title') }]}
      />
      <Box sx={{ display: 'grid', gap: 3 }}>
        <CreditCard />
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ mb: 2 }}>
            <FilterBar fields={fields} values={search} onChange={changeFilters} />
          </Box>
          {small ? (
            <TransactionCards {...list} />
          ) : (
            <TransactionTable {...list} page={search.page ?? 1} onPage={goToPage} />
          )}
        </Box>
      </Box>
    </Box>
  );
}
