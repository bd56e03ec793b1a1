import type { Env } from '../../../config';

/** Settings that enable every gateway (pointing nowhere reachable), for tests of what is offered. */
export const allGatewaysConfigured: Partial<Env> = {
  PAYPAL_CLIENT_ID: 'client',
  PAYPAL_CLIENT_SECRET: 'secret',
  PAYPAL_WEBHOOK_ID: 'WH-1',
  PAYPAL_API_URL: 'http://127.0.0.1:9',
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_test',
  STRIPE_API_URL: 'http://127.0.0.1:9',
  CRYPTOMUS_MERCHANT_ID: 'merchant',
  CRYPTOMUS_PAYMENT_KEY: 'key',
  CRYPTOMUS_API_URL: 'http://127.0.0.1:9',
  BTCPAY_URL: 'http://127.0.0.1:9',
  BTCPAY_API_KEY: 'key',
  BTCPAY_STORE_ID: 'store',
  BTCPAY_WEBHOOK_SECRET: 'secret',
  PAYMENT_SANDBOX: true,
};
