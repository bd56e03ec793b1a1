import type { Branding } from '@nimbus/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

export const brandingKeys = { all: ['branding'] as const };

/**
 * White-label settings of the provider; fetched once before the panel renders. Read as typed, like the
 * other answers, since the server checks them against `brandingSchema`: parsing here would put zod on the
 * startup path of every page.
 */
export const brandingQuery = queryOptions({
  queryKey: brandingKeys.all,
  queryFn: () => api<Branding>('/branding'),
  staleTime: Number.POSITIVE_INFINITY,
});
