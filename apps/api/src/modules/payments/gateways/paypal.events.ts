import type { PaymentStatus } from '@nimbus/contract';
import { decimalToMicros } from './decimal';
import type { GatewayEvent } from './gateway';
import { answeredError, type GatewayCall, type GatewayResponse, isOk } from './http';
import { paymentIdFrom } from './shared';

/** The authenticated PayPal calls the interpretation needs. */
export interface PaypalApi {
  call(
    method: GatewayCall['method'],
    path: string,
    extra?: Omit<GatewayCall, 'method'>,
  ): Promise<GatewayResponse>;
  ok(method: GatewayCall['method'], path: string, extra?: Omit<GatewayCall, 'method'>): Promise<unknown>;
}

interface Money {
  currency_code?: string;
  value?: string;
}
interface Link {
  rel?: string;
  href?: string;
}
interface Capture {
  id?: string;
  status?: string;
  amount?: Money;
  custom_id?: string;
  status_details?: { reason?: string };
  supplementary_data?: { related_ids?: { order_id?: string } };
  links?: Link[];
}
interface Order {
  id?: string;
  status?: string;
  purchase_units?: Array<{ custom_id?: string; reference_id?: string; payments?: { captures?: Capture[] } }>;
}
interface Dispute {
  dispute_id?: string;
  disputed_transactions?: Array<{ seller_transaction_id?: string; custom?: string }>;
  dispute_outcome?: { outcome_code?: string };
}
export interface PaypalWebhook {
  id: string;
  event_type: string;
  resource?: unknown;
}

const CAPTURE_STATUS: Record<string, PaymentStatus> = {
  COMPLETED: 'PAID',
  // Refunded later: it was paid; the refund arrives as its own event.
  PARTIALLY_REFUNDED: 'PAID',
  REFUNDED: 'PAID',
  PENDING: 'PENDING',
  DECLINED: 'REJECTED',
  FAILED: 'REJECTED',
};

const DISPUTE_OUTCOME: Record<string, PaymentStatus> = {
  RESOLVED_SELLER_FAVOUR: 'DISPUTE_WON',
  CANCELED_BY_BUYER: 'DISPUTE_WON',
  DENIED: 'DISPUTE_WON',
  // PayPal paid the buyer from its own funds; the seller keeps the payment.
  RESOLVED_WITH_PAYOUT: 'DISPUTE_WON',
  RESOLVED_BUYER_FAVOUR: 'DISPUTE_LOST',
  ACCEPTED: 'DISPUTE_LOST',
};

export async function interpretPaypalEvent(api: PaypalApi, event: PaypalWebhook): Promise<GatewayEvent[]> {
  const resource = (event.resource ?? {}) as Record<string, unknown>;
  switch (event.event_type) {
    case 'CHECKOUT.ORDER.APPROVED':
      return captureApprovedOrder(api, resource as Order);
    case 'PAYMENT.CAPTURE.COMPLETED':
      return [captureEvent(resource as Capture, 'PAID')];
    case 'PAYMENT.CAPTURE.PENDING':
      return [captureEvent(resource as Capture, 'PENDING')];
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED':
      return [captureEvent(resource as Capture, 'REJECTED')];
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.CAPTURE.REVERSED':
      return refundEvents(api, resource as Capture);
    case 'CUSTOMER.DISPUTE.CREATED':
      return disputeEvents(api, resource as Dispute, 'DISPUTE_SUBMITTED');
    case 'CUSTOMER.DISPUTE.RESOLVED': {
      const status = DISPUTE_OUTCOME[(resource as Dispute).dispute_outcome?.outcome_code ?? ''];
      return status ? disputeEvents(api, resource as Dispute, status) : [];
    }
    default:
      return [];
  }
}

/**
 * The payer approved: capture the order now. The request id makes a repeated capture answer as the
 * first one did; an order captured some other way is read instead.
 */
async function captureApprovedOrder(api: PaypalApi, approved: Order): Promise<GatewayEvent[]> {
  const orderId = approved.id;
  if (!orderId) return [];
  const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}`;
  const response = await api.call('POST', `${path}/capture`, {
    headers: { 'PayPal-Request-Id': `capture-${orderId}`, Prefer: 'return=representation' },
    body: '{}',
  });
  if (isOk(response.status)) return orderEvents(response.body as Order, approved);

  const issue = response.status === 422 ? firstIssue(response.body) : null;
  if (issue === 'ORDER_ALREADY_CAPTURED') return orderEvents((await api.ok('GET', path)) as Order, approved);
  if (issue) {
    // Declined funding or an order that cannot be captured: the payment failed, for good.
    const paymentId = paymentIdFrom(approved.purchase_units?.[0]?.custom_id);
    return [{ paymentId, externalId: orderId, status: 'REJECTED', received: null, failureReason: issue }];
  }
  throw answeredError('paypal', path, 'POST', response);
}

function orderEvents(order: Order, approved: Order): GatewayEvent[] {
  const unit = order.purchase_units?.[0] ?? approved.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  const status = capture ? CAPTURE_STATUS[capture.status ?? ''] : undefined;
  if (!capture || !status) return [];
  return [
    {
      ...captureEvent(capture, status),
      paymentId: paymentIdFrom(unit?.custom_id ?? capture.custom_id),
      externalId: order.id ?? approved.id ?? null,
    },
  ];
}

function captureEvent(capture: Capture, status: PaymentStatus): GatewayEvent {
  return {
    paymentId: paymentIdFrom(capture.custom_id),
    externalId: orderIdOf(capture),
    status,
    received: status === 'PAID' ? usdMicros(capture.amount) : null,
    trackingId: capture.id ?? null,
    failureReason: status === 'REJECTED' ? (capture.status_details?.reason ?? capture.status ?? null) : null,
  };
}

/** A refund event carries the refund; only the capture tells whether it is now fully refunded. */
async function refundEvents(api: PaypalApi, resource: Capture): Promise<GatewayEvent[]> {
  const captureId = linkedId(resource.links, 'up', 'captures');
  const capture = captureId ? await getCapture(api, captureId) : resource;
  if (capture.status !== 'REFUNDED' && capture.status !== 'REVERSED') return [];
  return [
    {
      ...captureEvent(capture, 'REFUNDED'),
      paymentId: paymentIdFrom(capture.custom_id ?? resource.custom_id),
    },
  ];
}

async function disputeEvents(
  api: PaypalApi,
  dispute: Dispute,
  status: PaymentStatus,
): Promise<GatewayEvent[]> {
  const transaction = dispute.disputed_transactions?.[0];
  const captureId = transaction?.seller_transaction_id ?? null;
  let paymentId = paymentIdFrom(transaction?.custom);
  let externalId: string | null = null;
  if (paymentId === null && captureId) {
    const capture = await getCapture(api, captureId);
    paymentId = paymentIdFrom(capture.custom_id);
    externalId = orderIdOf(capture);
  }
  if (paymentId === null && !captureId) return [];
  return [{ paymentId, externalId, status, received: null, trackingId: captureId }];
}

const getCapture = async (api: PaypalApi, captureId: string) =>
  (await api.ok('GET', `/v2/payments/captures/${encodeURIComponent(captureId)}`)) as Capture;

const orderIdOf = (capture: Capture) =>
  capture.supplementary_data?.related_ids?.order_id ?? linkedId(capture.links, 'up', 'orders');

/** The id at the end of a HATEOAS link such as `…/v2/payments/captures/{id}`. */
function linkedId(links: Link[] | undefined, rel: string, collection: string): string | null {
  const href = links?.find((l) => l.rel === rel)?.href ?? '';
  return new RegExp(`/${collection}/([^/?#]+)`).exec(href)?.[1] ?? null;
}

function usdMicros(amount: Money | undefined) {
  return amount?.currency_code === 'USD' && amount.value ? decimalToMicros(amount.value) : null;
}

function firstIssue(body: unknown): string | null {
  const details = (body as { details?: Array<{ issue?: string }> } | null)?.details;
  return details?.[0]?.issue ?? null;
}
