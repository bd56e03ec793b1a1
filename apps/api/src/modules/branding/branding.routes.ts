import { brandingSchema } from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { ok, okSchema } from '../../lib/envelope';
import { sandboxEnabled } from '../payments/gateways/enabled';

/** GET /api/branding: what the panel needs to wear the provider's brand before anyone signs in. */
export function brandingRoutes(deps: { config: Config }) {
  const { config } = deps;
  const branding = {
    name: config.BRAND_NAME,
    logoUrl: config.BRAND_LOGO_URL,
    primaryColor: config.BRAND_PRIMARY_COLOR,
    secondaryColor: config.BRAND_SECONDARY_COLOR,
    supportEmail: config.BRAND_SUPPORT_EMAIL,
    termsUrl: config.BRAND_TERMS_URL,
    aupUrl: config.BRAND_AUP_URL,
    reviewUrl: config.BRAND_REVIEW_URL,
    captcha: {
      provider: config.CAPTCHA_PROVIDER,
      siteKey: config.CAPTCHA_PROVIDER === 'none' ? null : (config.CAPTCHA_SITE_KEY ?? null),
    },
    devMailbox: config.devMailbox,
    sandboxPayments: sandboxEnabled(config),
  };
  return async (app: FastifyInstance) => {
    app.get(
      '/branding',
      { schema: { tags: ['branding'], response: { 200: okSchema(brandingSchema) } } },
      async () => ok(branding),
    );
  };
}
