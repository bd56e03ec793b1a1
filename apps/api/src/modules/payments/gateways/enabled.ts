import type { GatewayName } from '@nimbus/contract';
import type { Config } from '../../../config';

/** The real gateways whose credentials are configured. */
export function configuredRealGateways(config: Config): GatewayName[] {
  const names: GatewayName[] = [];
  if (config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET && config.PAYPAL_WEBHOOK_ID)
    names.push('paypal');
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) names.push('stripe');
  if (config.CRYPTOMUS_MERCHANT_ID && config.CRYPTOMUS_PAYMENT_KEY) names.push('cryptomus');
  if (config.BTCPAY_URL && config.BTCPAY_API_KEY && config.BTCPAY_STORE_ID && config.BTCPAY_WEBHOOK_SECRET) {
    names.push('btcpay');
  }
  return names;
}

/** Gateways customers can pay with: the configured ones, plus the sandbox when none is (or when asked). */
export function enabledGatewayNames(config: Config): GatewayName[] {
  const real = configuredRealGateways(config);
  const sandbox = config.PAYMENT_SANDBOX ?? real.length === 0;
  return sandbox ? [...real, 'sandbox'] : real;
}
