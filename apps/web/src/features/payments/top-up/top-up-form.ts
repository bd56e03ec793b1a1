import {
  autoRechargeChoiceSchema,
  cryptoGateways,
  DEFAULT_PAYMENT_AMOUNT,
  feePartsPerMillion,
  type GatewayName,
  gatewayNameSchema,
  type PaymentGateway,
  paymentAmountSchema,
  paymentErrorCodes,
} from '@nimbus/contract';
import { z } from 'zod';
import { ApiError } from '../../../api/client';

/** The top-up form: the amount as typed (checked by the contract's rule), gateway, auto-recharge choice. */
export const topUpFormSchema = z
  .object({
    credit: paymentAmountSchema,
    gateway: gatewayNameSchema,
    enableAutoRecharge: z.boolean(),
    autoRecharge: z.object({ amount: z.string(), minimumCreditThreshold: z.string() }),
  })
  .superRefine((values, ctx) => {
    // The choice only counts when the switch is on; otherwise the options may not even be loaded.
    if (values.enableAutoRecharge && !autoRechargeChoiceSchema.safeParse(values.autoRecharge).success) {
      ctx.addIssue({
        code: 'custom',
        path: ['autoRecharge', 'amount'],
        message: 'validation.autoRecharge.option',
      });
    }
  });
export type TopUpFormInput = z.input<typeof topUpFormSchema>;
export type TopUpFormOutput = z.output<typeof topUpFormSchema>;

/** A gateway of the catalogue this panel knows how to pay with. */
export type KnownGateway = PaymentGateway & { name: GatewayName };
export const knownGateways = (gateways: PaymentGateway[]): KnownGateway[] =>
  gateways.filter((g): g is KnownGateway => gatewayNameSchema.safeParse(g.name).success);

/** PayPal when the install offers it (platform.md §9), otherwise the first gateway. */
export function defaultGateway(gateways: KnownGateway[]): GatewayName | undefined {
  return (gateways.find((g) => g.name === 'paypal') ?? gateways[0])?.name;
}

/** `feePercent` is a fraction ("0.029"); people read it as a percent ("2.9"). */
export const feePercentText = (feePercent: string) => String(feePartsPerMillion(feePercent) / 10_000);

export const isCryptoGateway = (name: GatewayName | undefined) =>
  name !== undefined && cryptoGateways.includes(name);

/**
 * $60 (or the amount a waiting order needs) through the default gateway; the auto-recharge options are
 * filled in when they arrive.
 */
export function topUpDefaults(gateways: KnownGateway[], credit: string | null = null) {
  return {
    credit: credit ?? String(DEFAULT_PAYMENT_AMOUNT),
    gateway: defaultGateway(gateways) ?? 'paypal',
    enableAutoRecharge: false,
    autoRecharge: { amount: '', minimumCreditThreshold: '' },
  } satisfies TopUpFormInput;
}

/** How a refused checkout is shown near the button. */
export type CheckoutProblem =
  | { kind: 'limit' }
  | { kind: 'kyc' }
  | { kind: 'message'; detail: string | null };

export function checkoutProblemOf(error: unknown): CheckoutProblem {
  if (!(error instanceof ApiError)) return { kind: 'message', detail: null };
  if (error.code === paymentErrorCodes.reachedPaymentLimit) return { kind: 'limit' };
  if (error.code === paymentErrorCodes.kycRequired) return { kind: 'kyc' };
  if (error.code === 'NETWORK_ERROR') return { kind: 'message', detail: null };
  return { kind: 'message', detail: error.detail || null };
}
