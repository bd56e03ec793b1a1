import {
  APPLICATIONS_MAX_PAGE_SIZE,
  type ApplicationCategory,
  type applicationListSchema,
  type CreateInstancesRequest,
  type CreatePreorderRequest,
  type createInstancesResponseSchema,
  type featureMapSchema,
  type osListSchema,
  type preorderListSchema,
  type productSchema,
  type regionSchema,
} from '@nimbus/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { catalogueKeys } from '../../api/catalogue';
import { api } from '../../api/client';
import { useIdempotentIntent } from '../../api/idempotency';
import { creditChanged } from '../billing/queries';
import { instancesChanged } from '../instances/queries';

/** Query keys of the creation screen; the catalogue is public and changes only with a deployment. */
export const creationKeys = {
  all: catalogueKeys.all,
  regions: () => [...creationKeys.all, 'regions'] as const,
  products: (q: ProductFilter) => [...creationKeys.all, 'products', q] as const,
  os: (appId: number | null) => [...creationKeys.all, 'os', appId] as const,
  features: () => [...creationKeys.all, 'features'] as const,
  applications: () => [...creationKeys.all, 'applications'] as const,
  categories: () => [...creationKeys.all, 'application-tags'] as const,
};

const CATALOGUE_STALE_MS = 5 * 60_000;

export const regionsQuery = queryOptions({
  queryKey: creationKeys.regions(),
  queryFn: async () => api<z.output<typeof regionSchema>[]>('/regions'),
  staleTime: CATALOGUE_STALE_MS,
});

export interface ProductFilter {
  regionId: number;
  osId?: number | null;
  appId?: number | null;
  /** RESIZE keeps plans no longer sold, so an instance's own plan still shows. */
  action?: 'RESIZE';
}

/** Plans as sold in a region; the server leaves out those too small for the image or application. */
export const productsQuery = (filter: ProductFilter) =>
  queryOptions({
    queryKey: creationKeys.products(filter),
    queryFn: async () =>
      api<z.output<typeof productSchema>[]>('/products', {
        query: { regionId: filter.regionId, osId: filter.osId, appId: filter.appId, action: filter.action },
      }),
    staleTime: CATALOGUE_STALE_MS,
    // Another image or application refilters the plans: keep the list on screen meanwhile.
    placeholderData: keepPreviousData,
  });

export const osQuery = (appId: number | null) =>
  queryOptions({
    queryKey: creationKeys.os(appId),
    queryFn: async () => (await api<z.output<typeof osListSchema>>('/os', { query: { appId } })).os,
    staleTime: CATALOGUE_STALE_MS,
  });

export const featuresQuery = queryOptions({
  queryKey: creationKeys.features(),
  queryFn: () => api<z.output<typeof featureMapSchema>>('/features'),
  staleTime: CATALOGUE_STALE_MS,
});

/** Every active application at once (instances.md §9: pageSize 500); the tabs filter in the browser. */
export const applicationsQuery = queryOptions({
  queryKey: creationKeys.applications(),
  queryFn: async () =>
    (
      await api<z.output<typeof applicationListSchema>>('/applications', {
        query: { pageSize: APPLICATIONS_MAX_PAGE_SIZE, isActive: true },
      })
    ).applications,
  staleTime: CATALOGUE_STALE_MS,
});

export const applicationCategoriesQuery = queryOptions({
  queryKey: creationKeys.categories(),
  queryFn: async () => api<ApplicationCategory[]>('/applications/tags'),
  staleTime: CATALOGUE_STALE_MS,
});

/** Where the key of an order waiting for its answer is kept, so a reload of the page places one order. */
export const ORDER_INTENT_KEY = 'nimbus.idempotency.order';
export const PREORDER_INTENT_KEY = 'nimbus.idempotency.preorder';

/**
 * POST /instances: one instance per hostname, each with its own outcome. One order per submit. An order
 * charges the credit and adds services, so the balance, invoices, lists and logs are read again; also
 * after a failure, which may have come after the server acted (a dropped connection).
 */
export function useCreateInstances() {
  const intent = useIdempotentIntent(ORDER_INTENT_KEY);
  const queryClient = useQueryClient();
  return useMutation({
    onSettled: () => Promise.all([creditChanged(queryClient), instancesChanged(queryClient)]),
    mutationFn: (body: CreateInstancesRequest) =>
      intent.run(
        async (idempotencyKey) =>
          (
            await api<z.output<typeof createInstancesResponseSchema>>('/instances', {
              method: 'POST',
              body,
              idempotencyKey,
            })
          ).results,
      ),
  });
}

/**
 * POST /preorders: GPU plans are ordered ahead of their hardware. One preorder per submit. Nothing is
 * charged until the GPU is allocated; the preorder joins the lists, the counts and the logs.
 */
export function useCreatePreorders() {
  const intent = useIdempotentIntent(PREORDER_INTENT_KEY);
  const queryClient = useQueryClient();
  return useMutation({
    onSettled: () => instancesChanged(queryClient),
    mutationFn: (body: CreatePreorderRequest) =>
      intent.run(
        async (idempotencyKey) =>
          (
            await api<z.output<typeof preorderListSchema>>('/preorders', {
              method: 'POST',
              body,
              idempotencyKey,
            })
          ).preorders,
      ),
  });
}
