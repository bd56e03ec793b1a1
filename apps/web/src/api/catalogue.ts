import type { AppConfig, PaymentGateway } from '@nimbus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';

/**
 * Query keys of the provider's catalogue, which every area reads (the creation screen's regions, plans
 * and images hang under `all` too). It changes only with a deployment.
 */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  appConfig: () => [...catalogueKeys.all, 'app-configs'] as const,
  gateways: () => [...catalogueKeys.all, 'gateways'] as const,
};

/** The app-config constants: currency sign, prices of the extras, limits. */
export const appConfigQuery = queryOptions({
  queryKey: catalogueKeys.appConfig(),
  queryFn: () => api<AppConfig>('/app-configs'),
  staleTime: 10 * 60_000,
});

/** The payment gateways enabled on this install. */
export const gatewaysQuery = queryOptions({
  queryKey: catalogueKeys.gateways(),
  queryFn: async () => api<PaymentGateway[]>('/payments/gateways'),
  staleTime: 10 * 60_000,
});
export const useGatewaysQuery = () => useQuery(gatewaysQuery);
