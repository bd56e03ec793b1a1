import { type Branding, brandingSchema } from '@nimbus/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

export const brandingKeys = { all: ['branding'] as const };

/** White-label settings of the provider; fetched once before the panel renders. */
export const brandingQuery = queryOptions({
  queryKey: brandingKeys.all,
  queryFn: async (): Promise<Branding> => brandingSchema.parse(await api('/branding')),
  staleTime: Number.POSITIVE_INFINITY,
});
