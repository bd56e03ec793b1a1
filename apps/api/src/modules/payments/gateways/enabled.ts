import { isIP } from 'node:net';
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

/**
 * Whether HOST only accepts connections from this machine: 127.0.0.0/8, ::1 (also IPv4-mapped) or
 * `localhost`. Anything else, including 0.0.0.0, `::` and other names, may be reachable from outside.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice('::ffff:'.length) : h;
  if (isIP(v4) === 4) return v4.split('.')[0] === '127';
  if (isIP(h) === 6) return /^(0{0,4}:){2,7}0{0,3}1$|^::1$/.test(h);
  return false;
}

/**
 * Whether only this machine can reach the panel: it listens on loopback, no proxy is trusted to bring
 * in outside requests, and the public address (when set) is loopback too.
 */
export function reachableOnlyLocally(config: Pick<Config, 'HOST' | 'PUBLIC_URL' | 'TRUST_PROXY'>): boolean {
  if (!isLoopbackHost(config.HOST) || config.TRUST_PROXY) return false;
  if (!config.PUBLIC_URL) return true;
  return URL.canParse(config.PUBLIC_URL) && isLoopbackHost(new URL(config.PUBLIC_URL).hostname);
}

/**
 * Whether the sandbox gateway (credit without money) is offered. PAYMENT_SANDBOX decides when set;
 * otherwise only a demo install that nobody else can reach, and without a real gateway, has it.
 */
export function sandboxEnabled(config: Config): boolean {
  if (config.PAYMENT_SANDBOX !== undefined) return config.PAYMENT_SANDBOX;
  return configuredRealGateways(config).length === 0 && reachableOnlyLocally(config);
}

/** Gateways customers can pay with: the configured ones, plus the sandbox when `sandboxEnabled`. */
export function enabledGatewayNames(config: Config): GatewayName[] {
  const real = configuredRealGateways(config);
  return sandboxEnabled(config) ? [...real, 'sandbox'] : real;
}
