import type { GatewayName } from '@nimbus/contract';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { getOrCreateSecret } from '../../../lib/secrets';
import { createBtcpayGateway } from './btcpay';
import { createCryptomusGateway } from './cryptomus';
import { enabledGatewayNames } from './enabled';
import type { PaymentGatewayAdapter } from './gateway';
import { createPaypalGateway } from './paypal';
import { createSandboxGateway } from './sandbox';
import { createStripeGateway } from './stripe';

export interface GatewayRegistry {
  /** Enabled gateways, in catalogue order of names. */
  enabled(): GatewayName[];
  /** The adapter of an enabled gateway, or undefined. */
  get(name: string): PaymentGatewayAdapter | undefined;
}

/** Builds an adapter for each gateway this install has configured. */
export function createGatewayRegistry(deps: { config: Config; db: Database }): GatewayRegistry {
  const { config } = deps;
  const names = enabledGatewayNames(config);
  let sandboxSecret: Promise<string> | null = null;
  const build = (name: GatewayName): PaymentGatewayAdapter => {
    switch (name) {
      case 'stripe':
        return createStripeGateway({
          secretKey: config.STRIPE_SECRET_KEY ?? '',
          webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? '',
          apiUrl: config.STRIPE_API_URL,
        });
      case 'paypal':
        return createPaypalGateway({
          clientId: config.PAYPAL_CLIENT_ID ?? '',
          clientSecret: config.PAYPAL_CLIENT_SECRET ?? '',
          webhookId: config.PAYPAL_WEBHOOK_ID ?? '',
          apiUrl: config.PAYPAL_API_URL,
        });
      case 'cryptomus':
        return createCryptomusGateway({
          merchantId: config.CRYPTOMUS_MERCHANT_ID ?? '',
          paymentKey: config.CRYPTOMUS_PAYMENT_KEY ?? '',
          apiUrl: config.CRYPTOMUS_API_URL,
        });
      case 'btcpay':
        return createBtcpayGateway({
          url: config.BTCPAY_URL ?? '',
          apiKey: config.BTCPAY_API_KEY ?? '',
          storeId: config.BTCPAY_STORE_ID ?? '',
          webhookSecret: config.BTCPAY_WEBHOOK_SECRET ?? '',
        });
      case 'sandbox':
        return createSandboxGateway({
          publicUrl: config.publicUrl,
          secret: () => {
            sandboxSecret ??= getOrCreateSecret(deps.db, 'sandbox-gateway-key');
            return sandboxSecret;
          },
        });
    }
  };
  const adapters = new Map(names.map((n) => [n, build(n)]));
  return {
    enabled: () => names,
    get: (name) => adapters.get(name as GatewayName),
  };
}
