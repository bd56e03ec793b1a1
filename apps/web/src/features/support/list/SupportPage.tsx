import { Box } from '@mui/material';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { clearedFilters, FilterBar, type FilterValues } from '../../../components/filters';
import { PageHeader } from '../../../components/PageHeader';
import { readSupportSearch, type SupportSearch, ticketFiltersOf } from '../search';
import { NewTicketButton } from './NewTicketButton';
import { TicketList } from './TicketList';
import { useTicketFilterFields } from './ticket-filters';

const route = getRouteApi('/support');

/** Support: the customer's tickets, filtered by department and status, and the way to a new one. */
export function SupportPage() {
  const { t } = useTranslation('support');
  const search: SupportSearch = route.useSearch();
  const navigate = useNavigate();
  const fields = useTicketFilterFields();
  const filtered = search.department !== undefined || search.status !== undefined;

  // Any change of filters starts again at page 1.
  const changeFilters = (patch: FilterValues) =>
    navigate({ to: '/support', search: readSupportSearch({ ...search, ...patch, page: undefined }) });
  const goToPage = (page: number) =>
    navigate({ to: '/support', search: { ...search, page: page > 1 ? page : undefined } });

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={t('title')} actions={<NewTicketButton />} />
      <Box sx={{ mb: 2 }}>
        <FilterBar fields={fields} values={search} onChange={changeFilters} />
      </Box>
      <TicketList
        label={t('list.label')}
        filters={ticketFiltersOf(search)}
        filtered={filtered}
        onClearFilters={() => changeFilters(clearedFilters(fields))}
        page={search.page ?? 1}
        onPage={goToPage}
        empty={{ title: t('list.empty'), hint: t('list.emptyHint'), action: <NewTicketButton /> }}
      />
    </Box>
  );
}
