import { Box } from '@mui/material';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { clearedFilters, FilterBar, type FilterValues } from '../../../components/filters';
import { PageHeader } from '../../../components/PageHeader';
import type { ListTexts } from '../components/ListStatus';
import { invoiceFiltersOf } from '../queries';
import { type InvoicesSearch, readInvoicesSearch } from '../search';
import { useSmallScreen } from '../use-small-screen';
import { InvoiceCards } from './InvoiceCards';
import { InvoiceTable } from './InvoiceTable';
import { useInvoiceFilterFields } from './invoice-filters';

const route = getRouteApi('/invoices');

/** The customer's monthly invoices, filtered by status and date; cards that load on and on on phones. */
export function InvoicesPage() {
  const { t } = useTranslation('billing');
  const search: InvoicesSearch = route.useSearch();
  const navigate = useNavigate();
  const small = useSmallScreen();
  const fields = useInvoiceFilterFields();
  const filters = invoiceFiltersOf(search);
  const filtered = Object.values(filters).some((value) => value !== undefined);

  // Any change of filters starts again at page 1.
  const changeFilters = (patch: FilterValues) =>
    navigate({
      to: '/invoices',
      search: readInvoicesSearch({ ...search, ...patch, page: undefined }),
    });
  const clearFilters = () => changeFilters(clearedFilters(fields));
  const goToPage = (page: number) =>
    navigate({ to: '/invoices', search: { ...search, page: page > 1 ? page : undefined } });
  const texts: ListTexts = {
    loading: t('invoices.loading'),
    error: t('invoices.error'),
    empty: t('invoices.empty'),
    emptyHint: t('invoices.emptyHint'),
    emptyFiltered: t('invoices.emptyFiltered'),
  };
  const list = { filters, filtered, texts, onClearFilters: clearFilters };

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('invoices.title')}
        breadcrumbs={[{ label: t('breadcrumb.billing') }, { label: t('invoices.title') }]}
      />
      <Box sx={{ mb: 2 }}>
        <FilterBar fields={fields} values={search} onChange={changeFilters} />
      </Box>
      {small ? (
        <InvoiceCards {...list} />
      ) : (
        <InvoiceTable {...list} page={search.page ?? 1} onPage={goToPage} />
      )}
    </Box>
  );
}
