import { APPLICATIONS_PAGE_SIZE, type Application, type ApplicationCategory } from '@nimbus/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { catalogueKeys } from '../../api/catalogue';
import { api } from '../../api/client';
import type { ApplicationFilters } from './search';

/**
 * Query keys of the applications page. The categories share their key with the creation screen's
 * (features/instance-creation/queries.ts), so going on to deploy reads them from the cache.
 */
export const applicationKeys = {
  page: (filters: ApplicationFilters) => [...catalogueKeys.all, 'applications', 'page', filters] as const,
  categories: () => [...catalogueKeys.all, 'application-tags'] as const,
};

const CATALOGUE_STALE_MS = 5 * 60_000;

interface ApplicationPage {
  applications: Application[];
  totalPages: number;
  totalCount: number;
}

/** One page of the applications that can be deployed (12 a page, platform.md §9). */
export const applicationPageQuery = (filters: ApplicationFilters) =>
  queryOptions({
    queryKey: applicationKeys.page(filters),
    queryFn: () =>
      api<ApplicationPage>('/applications', {
        query: {
          name: filters.name,
          tags: filters.tag,
          page: filters.page,
          pageSize: APPLICATIONS_PAGE_SIZE,
          // Retired applications cannot be deployed: the page does not offer them.
          isActive: true,
        },
      }),
    staleTime: CATALOGUE_STALE_MS,
    // Typing, another category or page: the cards stay on screen until the new ones are here.
    placeholderData: keepPreviousData,
  });

export const applicationCategoriesQuery = queryOptions({
  queryKey: applicationKeys.categories(),
  queryFn: () => api<ApplicationCategory[]>('/applications/tags'),
  staleTime: CATALOGUE_STALE_MS,
});
