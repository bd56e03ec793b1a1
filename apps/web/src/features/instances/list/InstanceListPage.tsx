import AddIcon from '@mui/icons-material/Add';
import { Box } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearedFilters, FilterBar, type FilterValues } from '../../../components/filters';
import { ButtonLink } from '../../../components/links';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadMore } from '../../billing/components/LoadMore';
import { useSmallScreen } from '../../billing/use-small-screen';
import { instanceListQuery } from '../queries';
import { ServicesTabs } from '../ServicesTabs';
import { type InstanceListSearch, instanceFiltersOf, isFiltered, readInstanceListSearch } from '../search';
import { BulkActions } from './BulkActions';
import { useInstanceFilterFields } from './filter-fields';
import { NoInstances, NoMatchingInstances } from './InstanceListStates';
import { InstanceStatsLine } from './InstanceStatsLine';
import { InstanceTable } from './InstanceTable';
import { IpSearch } from './IpSearch';
import { ListSkeleton } from './ListSkeleton';
import { selectedOf } from './selection';

const route = getRouteApi('/services/instanceList');

/** Services > Instance list: filters, IPv4 search, bulk restart and delete (instances.md §2). */
export function InstanceListPage() {
  const { t } = useTranslation('instances');
  const search: InstanceListSearch = route.useSearch();
  const navigate = useNavigate();
  const compact = useSmallScreen();
  const fields = useInstanceFilterFields();
  const filters = instanceFiltersOf(search);
  const list = useInfiniteQuery(instanceListQuery(filters));
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const instances = list.data?.pages.flatMap((page) => page.instances) ?? [];

  // A customer without any service sees the prompt to create one and nothing else: no toolbar, no zero
  // counts (shown again once rows arrive, or while filters are in effect, to clear them).
  const showTools = instances.length > 0 || isFiltered(filters);

  const changeSearch = (patch: FilterValues) => {
    setSelected(new Set());
    navigate({
      to: '/services/instanceList',
      search: readInstanceListSearch({ ...search, ...patch }),
    });
  };
  const clearFilters = () => changeSearch({ ...clearedFilters(fields), ipv4: undefined });
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = (ids: number[], select: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (select) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const body = () => {
    if (list.isPending) return <ListSkeleton />;
    if (list.isError && instances.length === 0)
      return <ErrorState onRetry={() => list.refetch()} message={t('list.error')} />;
    if (instances.length === 0)
      return isFiltered(filters) ? <NoMatchingInstances onClear={clearFilters} /> : <NoInstances />;
    return (
      <>
        <InstanceTable
          label={t('list.label')}
          instances={instances}
          compact={compact}
          selection={{ selected, onToggle: toggle, onToggleAll: toggleAll }}
        />
        <LoadMore
          hasNextPage={list.hasNextPage}
          isFetchingNextPage={list.isFetchingNextPage}
          isFetchNextPageError={list.isFetchNextPageError}
          fetchNextPage={list.fetchNextPage}
        />
      </>
    );
  };

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('list.title')}
        breadcrumbs={[{ label: t('breadcrumb.services') }, { label: t('list.title') }]}
        actions={
          showTools && (
            <ButtonLink to="/createinstance" variant="contained" startIcon={<AddIcon />}>
              {t('list.newService')}
            </ButtonLink>
          )
        }
      />
      <ServicesTabs current="instanceList" />
      {showTools && (
        <>
          <InstanceStatsLine />
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'flex-start',
              justifyContent: 'space-between',
              gap: 2,
              mb: 2,
            }}
          >
            <Box
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'flex-start',
                gap: 2,
                minWidth: 0,
                // Phones: the search box takes the whole width under the filter.
                width: { xs: '100%', sm: 'auto' },
              }}
            >
              <FilterBar fields={fields} values={search} onChange={changeSearch} />
              <IpSearch value={search.ipv4} onSearch={(ipv4) => changeSearch({ ipv4 })} />
            </Box>
            <BulkActions selected={selectedOf(selected, instances)} onDone={() => setSelected(new Set())} />
          </Box>
        </>
      )}
      {body()}
    </Box>
  );
}
