import { Box, Stack } from '@mui/material';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { ApplicationGrid } from './ApplicationGrid';
import { ApplicationSearchField } from './ApplicationSearchField';
import { CategoryFilter } from './CategoryFilter';
import {
  ALL_CATEGORIES,
  type ApplicationsSearch,
  applicationFiltersOf,
  categoryOf,
  readApplicationsSearch,
} from './search';

const route = getRouteApi('/applications');

/**
 * Applications (platform.md §2): the one-click applications to deploy, searched by name and filtered by
 * category (Featured unless another is chosen), 12 a page; Deploy opens instance creation with it.
 */
export function ApplicationsPage() {
  const { t } = useTranslation('applications');
  const search: ApplicationsSearch = route.useSearch();
  const navigate = useNavigate();
  const category = categoryOf(search);

  // A new search or category starts again at page 1; typing replaces the history entry, not one per word.
  const change = (patch: Partial<ApplicationsSearch>, replace = false) =>
    navigate({
      to: '/applications',
      search: readApplicationsSearch({ ...search, ...patch, page: undefined }),
      replace,
    });
  const goToPage = (page: number) =>
    navigate({ to: '/applications', search: { ...search, page: page > 1 ? page : undefined } });

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={t('title')} />
      <Stack spacing={2} sx={{ mb: 2 }}>
        <ApplicationSearchField value={search.name} onSearch={(name) => change({ name }, true)} />
        <CategoryFilter value={category} onChange={(tag) => change({ tag })} />
      </Stack>
      <ApplicationGrid
        filters={applicationFiltersOf(search)}
        onPage={goToPage}
        onClearSearch={search.name ? () => change({ name: undefined }) : undefined}
        onAllCategories={category !== ALL_CATEGORIES ? () => change({ tag: ALL_CATEGORIES }) : undefined}
      />
    </Box>
  );
}
