import { ok } from '../../test/api';
import { invoiceList } from '../billing/billing.test-helpers';
import { allGateways, billingInfo, inactiveAutoRecharge } from '../payments/payments.test-helpers';

/** A customer without tickets, as the dashboard's ticket parts ask for them. */
export const noTickets = {
  'GET /api/tickets': ok({ tickets: [], totalCount: 0, totalPages: 0, pageSize: 5 }),
  'GET /api/tickets/status': ok({ statuses: [], activeCount: 0 }),
};

/**
 * The dashboard's credit parts for a customer with $12.50, $3.20 spent this month, auto-recharge off
 * (billing id 7) and no invoice yet.
 */
export const creditParts = {
  'GET /api/profile/billing-info': ok(billingInfo),
  'GET /api/payments/gateways': ok(allGateways),
  'GET /api/auto-recharge/7': ok(inactiveAutoRecharge),
  'GET /api/invoices': ok(invoiceList([], 1, 0, 1)),
};
