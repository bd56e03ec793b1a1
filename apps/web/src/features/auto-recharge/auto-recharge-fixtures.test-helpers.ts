import type { AutoRechargeGateway, AutoRechargeInfo } from '@nimbus/contract';
import { inactiveAutoRecharge, stripe } from '../payments/payments.test-helpers';

/** The stripe gateway's state for the customer: verified, active, with a default card. */
export const stripeState = (overrides: Partial<AutoRechargeGateway> = {}): AutoRechargeGateway => ({
  gatewayId: stripe.id,
  isActive: true,
  isVerified: true,
  status: 'ACTIVE',
  createdAt: '2026-01-02T10:00:00.000Z',
  metadata: {
    defaultCard: { brand: 'visa', last4: '4242', name: 'Ada Lovelace', expYear: 2030 },
    lastFailure: null,
  },
  ...overrides,
});

/** Auto-recharge running on stripe, $20 when the balance falls below $10. */
export const activeAutoRecharge = (gateway = stripeState()): AutoRechargeInfo => ({
  ...inactiveAutoRecharge,
  isActive: true,
  amount: '20.00',
  minimumCreditThreshold: '10.00',
  gatewayId: stripe.id,
  gateways: [gateway],
});
