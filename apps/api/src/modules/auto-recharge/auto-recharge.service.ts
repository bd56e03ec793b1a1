import {
  type ActivateAutoRechargeResult,
  type AutoRechargeGatewayStatus,
  type AutoRechargeInfo,
  autoRechargeAmountOptions,
  autoRechargeErrorCodes,
  autoRechargeThresholdOptions,
  cardGateways,
  fromMicros,
  type GatewayName,
  normalizeCardBrand,
  toMicros,
} from '@nimbus/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { logActivity } from '../activity-log/activity-log.service';
import { usageRateOf } from '../billing/usage-rate';
import { listPaymentGateways } from '../catalogue/catalogue.repository';
import type { IdempotencyScope } from '../idempotency/idempotency.service';
import type { GatewayRegistry } from '../payments/gateways/registry';
import type { PaymentsService } from '../payments/payments.service';
import { makeDefaultCard, savedCardsOf } from '../payments/saved-cards';
import { activateAutoRecharge, mayTurnOnAutoRecharge } from './auto-recharge.activation';
import { autoRechargeSettings } from './auto-recharge.tables';

/** Auto-recharge settings, saved cards and activation (platform.md §4 and §7). */
export function createAutoRechargeService(deps: {
  db: Database;
  gateways: GatewayRegistry;
  payments: PaymentsService;
}) {
  const { db } = deps;

  /** Catalogue rows of the enabled gateways that can save cards. */
  async function cardGatewayRows() {
    const enabled = deps.gateways.enabled();
    return (await listPaymentGateways(db)).filter(
      (g) => enabled.includes(g.name as GatewayName) && cardGateways.includes(g.name as GatewayName),
    );
  }
  async function gatewayById(id: number) {
    const row = (await cardGatewayRows()).find((g) => g.id === id);
    if (!row)
      throw badRequest(
        autoRechargeErrorCodes.gatewayNotSupported,
        'Auto-recharge needs a card payment method.',
      );
    return { id: row.id, name: row.name as GatewayName };
  }
  const assertOwn = (customerId: number, id: number) => {
    if (customerId !== id) throw notFound('No auto-recharge settings here.');
  };

  const cardsOf = (customerId: number, gateway: GatewayName) => savedCardsOf(db, customerId, gateway);

  return {
    async info(customerId: number, id: number): Promise<AutoRechargeInfo> {
      assertOwn(customerId, id);
      const [settings] = await db
        .select()
        .from(autoRechargeSettings)
        .where(eq(autoRechargeSettings.customerId, customerId));
      const rate = await usageRateOf(db, customerId);
      const rows = await cardGatewayRows();
      const gateways = await Promise.all(
        rows.map(async (g) => {
          const cards = await cardsOf(customerId, g.name as GatewayName);
          const card = cards.find((c) => c.isDefault) ?? null;
          const chosen = settings?.gateway === g.name;
          const status: AutoRechargeGatewayStatus = chosen
            ? settings.gatewayStatus
            : card
              ? 'ACTIVE'
              : 'NO_CARD';
          return {
            gatewayId: g.id,
            isActive: chosen && settings.isActive,
            isVerified: card !== null,
            status,
            createdAt: (chosen ? settings.createdAt : (card?.createdAt ?? new Date())).toISOString(),
            metadata: {
              defaultCard: card
                ? {
                    brand: normalizeCardBrand(card.brand),
                    last4: card.last4,
                    name: card.name,
                    expYear: card.expYear,
                  }
                : null,
              lastFailure:
                chosen && settings.lastFailureAt
                  ? { at: settings.lastFailureAt.toISOString(), reason: settings.lastFailureReason ?? '' }
                  : null,
            },
          };
        }),
      );
      return {
        isActive: settings?.isActive ?? false,
        amount: settings ? fromMicros(settings.amount) : null,
        minimumCreditThreshold: settings ? fromMicros(settings.threshold) : null,
        gatewayId: rows.find((g) => g.name === settings?.gateway)?.id ?? null,
        gateways,
        amountOptions: autoRechargeAmountOptions(rate).map((m) => fromMicros(m)),
        thresholdOptions: autoRechargeThresholdOptions(rate).map((m) => fromMicros(m)),
        usageRate: fromMicros(rate, 4),
      };
    },

    /**
     * With a saved card the choice is active at once; without one the customer saves a card at the
     * gateway first (redirectURI) and the choice activates when the card arrives.
     */
    async activate(
      customerId: number,
      input: { amount: string; minimumCreditThreshold: string; gatewayId: number },
      ip: string | null,
      idempotency: IdempotencyScope | null = null,
    ): Promise<ActivateAutoRechargeResult> {
      const gateway = await gatewayById(input.gatewayId);
      const rate = await usageRateOf(db, customerId);
      const amount = toMicros(input.amount);
      const threshold = toMicros(input.minimumCreditThreshold);
      if (
        !autoRechargeAmountOptions(rate).includes(amount) ||
        !autoRechargeThresholdOptions(rate).includes(threshold)
      ) {
        throw badRequest(
          autoRechargeErrorCodes.invalidOption,
          'Choose one of the offered amounts and thresholds.',
        );
      }
      const card = (await cardsOf(customerId, gateway.name)).find((c) => c.isDefault);
      if (!card) {
        const checkout = await deps.payments.startCardSetup(
          customerId,
          gateway.name,
          { amount, threshold },
          idempotency,
        );
        return { isGatewayVerified: false, isProfileActive: false, redirectURI: checkout.url };
      }
      if (!(await mayTurnOnAutoRecharge(db, customerId))) {
        return { isGatewayVerified: true, isProfileActive: false, redirectURI: null };
      }
      await db.transaction((tx) =>
        activateAutoRecharge(tx, { customerId, gateway: gateway.name, amount, threshold }, ip),
      );
      return { isGatewayVerified: true, isProfileActive: true, redirectURI: null };
    },

    async deactivate(customerId: number, id: number, reason: string, ip: string | null) {
      assertOwn(customerId, id);
      await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(autoRechargeSettings)
          .set({
            isActive: false,
            deactivatedAt: sql`now()`,
            deactivationReason: reason,
            deactivatedBy: 'customer',
            updatedAt: sql`now()`,
          })
          .where(
            and(eq(autoRechargeSettings.customerId, customerId), eq(autoRechargeSettings.isActive, true)),
          )
          .returning({ gateway: autoRechargeSettings.gateway });
        if (!updated) throw badRequest(autoRechargeErrorCodes.notActive, 'Auto-recharge is not active.');
        await logActivity(tx, {
          customerId,
          event: 'auto_recharge_deactivated',
          data: { gatewayId: updated.gateway, reason },
          ip,
        });
      });
    },

    async cards(customerId: number, gatewayId: number) {
      const gateway = await gatewayById(gatewayId);
      const rows = await cardsOf(customerId, gateway.name);
      return {
        cards: rows.map((c) => ({
          id: c.id,
          brand: normalizeCardBrand(c.brand),
          last4: c.last4,
          name: c.name,
          expMonth: c.expMonth,
          expYear: c.expYear,
          isDefault: c.isDefault,
        })),
      };
    },

    /** A new default card also clears a failure status: the next automatic charge may try again. */
    async changeDefaultCard(customerId: number, gatewayId: number, cardId: number) {
      const gateway = await gatewayById(gatewayId);
      await db.transaction(async (tx) => {
        if (!(await makeDefaultCard(tx, customerId, gateway.name, cardId)))
          throw notFound('This card was not found.');
        await tx
          .update(autoRechargeSettings)
          .set({ gatewayStatus: 'ACTIVE', updatedAt: sql`now()` })
          .where(
            and(
              eq(autoRechargeSettings.customerId, customerId),
              eq(autoRechargeSettings.gateway, gateway.name),
            ),
          );
      });
    },
  };
}
export type AutoRechargeService = ReturnType<typeof createAutoRechargeService>;
