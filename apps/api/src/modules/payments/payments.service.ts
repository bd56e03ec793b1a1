import {
  autoRechargeAmountOptions,
  autoRechargeErrorCodes,
  autoRechargeThresholdOptions,
  type Checkout,
  cardGateways,
  formatMoney,
  type GatewayName,
  gatewayBrands,
  type Micros,
  paymentErrorCodes,
  paymentFee,
  REACHED_PAYMENT_LIMIT_MESSAGE,
  toMicros,
} from '@nimbus/contract';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database, DbOrTx } from '../../db/client';
import { AppError, badRequest, forbidden } from '../../lib/errors';
import { accountStatusOf, findCustomerById } from '../auth/customers';
import { kycStatusOf } from '../billing/kyc';
import { lockCreditAccount } from '../billing/ledger';
import { usageRateOf } from '../billing/usage-rate';
import { toPaymentGateway } from '../catalogue/catalogue.mappers';
import { listPaymentGateways } from '../catalogue/catalogue.repository';
import type { IdempotencyScope } from '../idempotency/idempotency.service';
import { GatewayRequestError } from './gateways/gateway';
import type { GatewayRegistry } from './gateways/registry';
import { createPayment } from './payments.repository';
import { payments } from './payments.tables';
import { gatewayCustomerOf, rememberGatewayCustomer } from './saved-cards';

export interface StartCheckoutInput {
  customerId: number;
  gateway: GatewayName;
  credit: Micros;
  enableAutoRecharge: boolean;
  autoRecharge?: { amount: string; minimumCreditThreshold: string };
}

/** Top-up checkouts: the rules of platform.md §5 and §8, then the gateway's hosted checkout. */
export function createPaymentsService(deps: { db: Database; config: Config; gateways: GatewayRegistry }) {
  const { db, config } = deps;

  async function feePercentOf(gateway: GatewayName): Promise<string> {
    const row = (await listPaymentGateways(db)).find((g) => g.name === gateway);
    if (!row) throw badRequest(paymentErrorCodes.gatewayUnavailable, 'This payment method is not offered.');
    return toPaymentGateway(row).feePercent;
  }

  /** The auto-recharge choice must be one of the offered options (platform.md §5). */
  async function validatedAutoRecharge(customerId: number, choice: StartCheckoutInput['autoRecharge']) {
    if (!choice)
      throw badRequest(autoRechargeErrorCodes.invalidOption, 'Choose an auto-recharge amount and threshold.');
    const rate = await usageRateOf(db, customerId);
    const amount = toMicros(choice.amount);
    const threshold = toMicros(choice.minimumCreditThreshold);
    if (
      !autoRechargeAmountOptions(rate).includes(amount) ||
      !autoRechargeThresholdOptions(rate).includes(threshold)
    ) {
      throw badRequest(
        autoRechargeErrorCodes.invalidOption,
        'Choose one of the offered auto-recharge amounts.',
      );
    }
    return { amount, threshold };
  }

  async function assertMayPay(customerId: number, gateway: GatewayName) {
    // Two one-row reads side by side (each area reads its own table): the account's status, the KYC.
    const needsKyc = config.KYC_REQUIRED_GATEWAYS.includes(gateway);
    const [status, kyc] = await Promise.all([
      accountStatusOf(db, customerId),
      needsKyc ? kycStatusOf(db, customerId) : null,
    ]);
    if (status === 'closed_by_admin') throw forbidden('ACCOUNT_CLOSED', 'This account is closed.');
    if (needsKyc && kyc !== 'approved') {
      throw forbidden(
        paymentErrorCodes.kycRequired,
        'Paying with this method needs a one-time identity check (KYC). Open a support ticket to complete it.',
      );
    }
  }

  /**
   * Checkouts started in the last hour (platform.md §8). Called under the customer's credit-account
   * lock, in the transaction that writes the payment, so a burst of parallel attempts cannot all pass.
   */
  async function assertUnderAttemptLimit(tx: DbOrTx, customerId: number) {
    const [recent] = await tx
      .select({ n: count() })
      .from(payments)
      .where(
        and(
          eq(payments.customerId, customerId),
          eq(payments.isAutoRecharge, false),
          gt(payments.createdAt, sql`now() - interval '1 hour'`),
        ),
      );
    if ((recent?.n ?? 0) >= config.PAYMENT_ATTEMPTS_PER_HOUR) {
      throw forbidden(paymentErrorCodes.reachedPaymentLimit, REACHED_PAYMENT_LIMIT_MESSAGE);
    }
  }

  /**
   * The payment an earlier run under the same Idempotency-Key wrote before dying unanswered, while it is
   * still NEW: its checkout is opened again rather than a second payment (nobody saw the first checkout).
   */
  async function paymentToResume(customerId: number, idempotency: IdempotencyScope | null) {
    const paymentId = Number(idempotency?.committed?.paymentId);
    if (!Number.isInteger(paymentId)) return null;
    const [row] = await db
      .select()
      .from(payments)
      .where(
        and(eq(payments.id, paymentId), eq(payments.customerId, customerId), eq(payments.status, 'NEW')),
      );
    return row ?? null;
  }

  /** Opens a hosted checkout: a payment row first (NEW), then the gateway; a gateway failure rejects it. */
  async function openCheckout(
    customerId: number,
    gateway: GatewayName,
    values: {
      credit: Micros;
      fee: Micros;
      description: string;
      saveCard: boolean;
      isCardSetup: boolean;
      request: { amount: number; threshold: number } | null;
    },
    idempotency: IdempotencyScope | null,
  ): Promise<Checkout> {
    const adapter = deps.gateways.get(gateway);
    if (!adapter)
      throw badRequest(paymentErrorCodes.gatewayUnavailable, 'This payment method is not offered.');
    const customer = await findCustomerById(db, customerId);
    if (!customer) throw forbidden('UNAUTHENTICATED', 'Sign in to continue.');
    const payment =
      (await paymentToResume(customerId, idempotency)) ??
      (await db.transaction(async (tx) => {
        await lockCreditAccount(tx, customerId);
        if (!values.isCardSetup) await assertUnderAttemptLimit(tx, customerId);
        const row = await createPayment(tx, {
          customerId,
          gateway,
          credit: values.credit,
          fee: values.fee,
          price: values.credit + values.fee,
          description: values.description,
          saveCard: values.saveCard,
          isCardSetup: values.isCardSetup,
          autoRechargeRequest: values.request,
        });
        if (row) await idempotency?.commit(tx, { paymentId: row.id });
        return row;
      }));
    if (!payment) throw new Error('Payment was not created');
    const panel = config.publicUrl;
    const back = values.isCardSetup
      ? `${panel}/auto-recharge`
      : `${panel}/paymentssuccess?paymentId=${payment.id}`;
    try {
      const checkout = await adapter.createCheckout({
        paymentId: payment.id,
        mode: values.isCardSetup ? 'setup' : 'payment',
        price: payment.price,
        currency: 'USD',
        description: values.description,
        customer: {
          id: customerId,
          email: customer.email,
          fullname: customer.fullname,
          externalCustomerId: await gatewayCustomerOf(db, customerId, gateway),
        },
        saveCard: values.saveCard,
        returnUrls: {
          success: back,
          cancel: values.isCardSetup
            ? `${panel}/auto-recharge`
            : `${panel}/paymentsfail?paymentId=${payment.id}`,
          pending: `${panel}/paymentspending?paymentId=${payment.id}`,
        },
        webhookUrl: `${panel}/api/payments/webhooks/${gateway}`,
      });
      await db.transaction(async (tx) => {
        await tx.update(payments).set({ externalId: checkout.externalId }).where(eq(payments.id, payment.id));
        if (checkout.externalCustomerId)
          await rememberGatewayCustomer(tx, customerId, gateway, checkout.externalCustomerId);
      });
      return { paymentId: payment.id, url: checkout.url, postData: checkout.postData };
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      await db
        .update(payments)
        .set({ status: 'REJECTED', failureReason: reason.slice(0, 500), updatedAt: new Date() })
        .where(eq(payments.id, payment.id));
      if (err instanceof GatewayRequestError) {
        throw new AppError(
          502,
          paymentErrorCodes.gatewayError,
          'The payment provider could not start the checkout. Please try again.',
        );
      }
      throw err;
    }
  }

  return {
    /** POST /payments */
    async startCheckout(
      input: StartCheckoutInput,
      idempotency: IdempotencyScope | null = null,
    ): Promise<Checkout> {
      if (!deps.gateways.enabled().includes(input.gateway)) {
        throw badRequest(paymentErrorCodes.gatewayUnavailable, 'This payment method is not offered.');
      }
      await assertMayPay(input.customerId, input.gateway);
      let request: { amount: number; threshold: number } | null = null;
      if (input.enableAutoRecharge) {
        if (!cardGateways.includes(input.gateway)) {
          throw badRequest(
            paymentErrorCodes.autoRechargeNotSupported,
            'Auto-recharge needs a card payment method.',
          );
        }
        request = await validatedAutoRecharge(input.customerId, input.autoRecharge);
      }
      const fee = paymentFee(input.credit, await feePercentOf(input.gateway));
      return openCheckout(
        input.customerId,
        input.gateway,
        {
          credit: input.credit,
          fee,
          description: `Top-up of ${formatMoney(input.credit)} via ${gatewayBrands[input.gateway]}`,
          saveCard: request !== null,
          isCardSetup: false,
          request,
        },
        idempotency,
      );
    },

    /** A checkout that only saves a card, then activates the auto-recharge choice (POST /auto-recharge). */
    async startCardSetup(
      customerId: number,
      gateway: GatewayName,
      request: { amount: number; threshold: number },
      idempotency: IdempotencyScope | null = null,
    ) {
      return openCheckout(
        customerId,
        gateway,
        {
          credit: 0,
          fee: 0,
          description: `Card for auto-recharge via ${gatewayBrands[gateway]}`,
          saveCard: true,
          isCardSetup: true,
          request,
        },
        idempotency,
      );
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
