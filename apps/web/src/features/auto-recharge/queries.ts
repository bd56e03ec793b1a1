import type {
  ActivateAutoRechargeRequest,
  ActivateAutoRechargeResult,
  AutoRechargeInfo,
  cardListSchema,
} from '@nimbus/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { useIdempotentIntent } from '../../api/idempotency';
import { accountKeys } from '../account/queries';
import { billingInfoQuery } from '../billing/queries';

/** Query keys of auto-recharge: the customer's settings (by billing id) and a gateway's saved cards. */
export const autoRechargeKeys = {
  all: ['auto-recharge'] as const,
  info: (billingId: number) => [...autoRechargeKeys.all, 'info', billingId] as const,
  cards: (gatewayId: number) => [...autoRechargeKeys.all, 'cards', gatewayId] as const,
};

export const autoRechargeInfoQuery = (billingId: number) =>
  queryOptions({
    queryKey: autoRechargeKeys.info(billingId),
    queryFn: () => api<AutoRechargeInfo>(`/auto-recharge/${billingId}`),
  });

export const cardsQuery = (gatewayId: number) =>
  queryOptions({
    queryKey: autoRechargeKeys.cards(gatewayId),
    queryFn: async () =>
      (await api<z.output<typeof cardListSchema>>(`/auto-recharge/gateways/${gatewayId}/cards`)).cards,
  });

/**
 * The customer's auto-recharge settings. They are addressed by the billing id, so billing info comes
 * first; `billingId` is returned for the mutations.
 */
export function useAutoRechargeInfo(enabled = true) {
  const billing = useQuery({ ...billingInfoQuery(), enabled });
  const billingId = billing.data?.id;
  const info = useQuery({
    ...autoRechargeInfoQuery(billingId ?? 0),
    enabled: enabled && billingId !== undefined,
  });
  return {
    billingId,
    info: info.data,
    isPending: billing.isPending || info.isPending,
    isError: billing.isError || info.isError,
    refetch: () => (billing.isError ? billing.refetch() : info.refetch()),
  };
}

export const useCardsQuery = (gatewayId: number | null) =>
  useQuery({ ...cardsQuery(gatewayId ?? 0), enabled: gatewayId !== null });

/** Turning auto-recharge on or off shows in its settings and adds an activity log entry. */
const settingsChanged = (queryClient: QueryClient, billingId: number | undefined) =>
  Promise.all([
    billingId === undefined
      ? undefined
      : queryClient.invalidateQueries({ queryKey: autoRechargeKeys.info(billingId) }),
    queryClient.invalidateQueries({ queryKey: accountKeys.activityLog() }),
  ]);

export function useActivateAutoRechargeMutation(billingId: number | undefined) {
  const queryClient = useQueryClient();
  // One activation (or card-saving checkout) per submit.
  const intent = useIdempotentIntent();
  return useMutation({
    mutationFn: (body: ActivateAutoRechargeRequest) =>
      intent.run((idempotencyKey) =>
        api<ActivateAutoRechargeResult>('/auto-recharge', { method: 'POST', body, idempotencyKey }),
      ),
    onSuccess: () => settingsChanged(queryClient, billingId),
  });
}

export function useDeactivateAutoRechargeMutation(billingId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api<unknown>(`/auto-recharge/${billingId}`, { method: 'DELETE', body: { reason } }),
    onSuccess: () => settingsChanged(queryClient, billingId),
  });
}

/** The new default card shows in the settings (metadata.defaultCard) and in the card list. */
export function useChangeDefaultCardMutation(billingId: number | undefined, gatewayId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cardId: number) =>
      api<unknown>(`/auto-recharge/gateways/${gatewayId}/change-default-card`, {
        method: 'POST',
        body: { cardId },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: autoRechargeKeys.cards(gatewayId) }),
        billingId === undefined
          ? undefined
          : queryClient.invalidateQueries({ queryKey: autoRechargeKeys.info(billingId) }),
      ]),
  });
}
