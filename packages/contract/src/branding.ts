import { z } from 'zod';

/** The provider's white-label settings, from configuration. */
export const brandingSchema = z.object({
  name: z.string(),
  logoUrl: z.string(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  supportEmail: z.string(),
  termsUrl: z.string(),
  aupUrl: z.string(),
  reviewUrl: z.string(),
  captcha: z.object({ provider: z.enum(['none', 'turnstile']), siteKey: z.string().nullable() }),
  devMailbox: z.boolean(),
  /** The sandbox gateway is on: credit can be added without money, so the panel shows a badge. */
  sandboxPayments: z.boolean(),
});
export type Branding = z.infer<typeof brandingSchema>;
