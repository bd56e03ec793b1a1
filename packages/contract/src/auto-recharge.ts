import { z } from 'zod';
import { autoRechargeGatewayStatuses, cardBrands } from './auto-recharge-rules';
import { idSchema } from './ids';
import { moneyStringSchema } from './money';

/** Automatic top-ups from a saved card (platform.md §3 Auto-recharge info, §4, §7, §9). */

export const cardBrandSchema = z.enum(cardBrands);
export type CardBrand = z.infer<typeof cardBrandSchema>;

export const cardSchema = z.object({
  id: z.number().int(),
  brand: cardBrandSchema,
  last4: z.string(),
  name: z.string().nullable(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  isDefault: z.boolean(),
});
export type Card = z.infer<typeof cardSchema>;
export const cardListSchema = z.object({ cards: z.array(cardSchema) });

export const autoRechargeGatewaySchema = z.object({
  gatewayId: z.number().int(),
  isActive: z.boolean(),
  isVerified: z.boolean(),
  status: z.enum(autoRechargeGatewayStatuses),
  createdAt: z.string(),
  metadata: z.object({
    defaultCard: z
      .object({
        brand: cardBrandSchema,
        last4: z.string(),
        name: z.string().nullable(),
        expYear: z.number().int().nullable(),
      })
      .nullable(),
    lastFailure: z.object({ at: z.string(), reason: z.string() }).nullable(),
  }),
});
export type AutoRechargeGateway = z.infer<typeof autoRechargeGatewaySchema>;

/** GET /auto-recharge/{id}; `id` is the customer's billing id (billing-info id). */
export const autoRechargeInfoSchema = z.object({
  isActive: z.boolean(),
  amount: moneyStringSchema.nullable(),
  minimumCreditThreshold: moneyStringSchema.nullable(),
  gatewayId: z.number().int().nullable(),
  gateways: z.array(autoRechargeGatewaySchema),
  /** The three amounts and thresholds the customer may choose from now. */
  amountOptions: z.array(moneyStringSchema),
  thresholdOptions: z.array(moneyStringSchema),
  usageRate: moneyStringSchema,
});
export type AutoRechargeInfo = z.infer<typeof autoRechargeInfoSchema>;

/** POST /auto-recharge */
export const activateAutoRechargeRequestSchema = z.object({
  amount: moneyStringSchema,
  minimumCreditThreshold: moneyStringSchema,
  gatewayId: idSchema,
});
export type ActivateAutoRechargeRequest = z.infer<typeof activateAutoRechargeRequestSchema>;

/**
 * Verified gateway and active profile: done. Verified but not active: activation failed.
 * Not verified: send the customer to `redirectURI` to save a card; activation follows.
 */
export const activateAutoRechargeResultSchema = z.object({
  isGatewayVerified: z.boolean(),
  isProfileActive: z.boolean(),
  redirectURI: z.string().nullable(),
});
export type ActivateAutoRechargeResult = z.infer<typeof activateAutoRechargeResultSchema>;

/** DELETE /auto-recharge/{id}: the reason is asked first and kept. */
export const deactivateAutoRechargeRequestSchema = z.object({
  reason: z.string().trim().min(1, 'validation.reason.required').max(1000, 'validation.text.tooLong'),
});

export const changeDefaultCardRequestSchema = z.object({ cardId: idSchema });
