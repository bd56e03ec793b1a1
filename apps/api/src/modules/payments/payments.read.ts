import {
  billingErrorCodes,
  downloadablePaymentStatuses,
  fromMicros,
  overallStatusOf,
  type Payment,
  type PaymentReceipt,
} from '@nimbus/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { findCustomerById } from '../auth/customers';
import type { PrintTokens } from '../billing/print-token';
import type { Payment as PaymentRow } from './payments.repository';
import { payments } from './payments.tables';

/** Card-saving checkouts are not top-ups: they never show in the customer's payments. */
const topUps = (customerId: number) =>
  and(eq(payments.customerId, customerId), eq(payments.isCardSetup, false));

/** The customer's payments and receipts (GET /payments, /payments/print). */
export function createPaymentsReader(deps: { db: Database; printTokens: PrintTokens }) {
  const { db, printTokens } = deps;

  async function toPayment(row: PaymentRow): Promise<Payment> {
    const downloadable = downloadablePaymentStatuses.includes(row.status);
    return {
      id: row.id,
      paymentGateway: row.gateway,
      createdAt: row.createdAt.toISOString(),
      status: row.status,
      overallStatus: overallStatusOf(row.status),
      price: fromMicros(row.price),
      credit: fromMicros(row.credit),
      fee: fromMicros(row.fee),
      totalCaptureAmount: row.received === null ? null : fromMicros(row.received),
      creditedAmount: fromMicros(row.credited),
      additionalData: { trackingId: row.trackingId },
      description: row.description,
      isAutoRecharge: row.isAutoRecharge,
      printToken: downloadable ? await printTokens.sign('payment', row.id, row.customerId) : null,
    };
  }

  async function fromToken(token: string) {
    const claim = await printTokens.verify('payment', token);
    const invalid = () =>
      badRequest(billingErrorCodes.invalidPrintToken, 'This receipt link is invalid or has expired.');
    if (!claim) throw invalid();
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.id, claim.id), topUps(claim.customerId)));
    if (!row || !downloadablePaymentStatuses.includes(row.status)) throw invalid();
    const customer = await findCustomerById(db, row.customerId);
    if (!customer) throw invalid();
    return { row, customer };
  }

  return {
    async list(customerId: number, page: number, pageSize: number) {
      const [total] = await db.select({ n: count() }).from(payments).where(topUps(customerId));
      const rows = await db
        .select()
        .from(payments)
        .where(topUps(customerId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const totalCount = total?.n ?? 0;
      return {
        payments: await Promise.all(rows.map(toPayment)),
        totalCount,
        totalPages: Math.ceil(totalCount / pageSize),
        pageSize,
        page,
      };
    },

    async receipt(token: string): Promise<PaymentReceipt> {
      const { row, customer } = await fromToken(token);
      return {
        payment: await toPayment(row),
        customer: { id: customer.id, fullname: customer.fullname, email: customer.email },
        pdfUrl: `/api/payments/print/pdf?token=${encodeURIComponent(token)}`,
      };
    },

    /** The row and customer behind a receipt token, for the PDF. */
    receiptSource: fromToken,
  };
}
export type PaymentsReader = ReturnType<typeof createPaymentsReader>;
