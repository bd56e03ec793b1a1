import { resolve } from 'node:path';
import { z } from 'zod';
import { repoRoot } from './paths';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/** Every setting comes from the environment; README "Configuration" lists them all. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default(resolve(repoRoot, '.data')),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  RUN_WORKERS: bool.default(true),
  /** Server push to the panel (`/api/events`); off, the panel polls as before. */
  EVENT_STREAM: bool.default(true),

  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),

  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Nimbus Cloud <no-reply@nimbus.example>'),
  DEV_MAILBOX: bool.optional(),
  /** Opens the development mailbox; generated once and kept in the database when unset. */
  DEV_MAILBOX_KEY: z.string().min(16).optional(),

  BANNED_EMAIL_DOMAINS: list.default([
    'mailinator.com',
    'guerrillamail.com',
    '10minutemail.com',
    'tempmail.com',
    'yopmail.com',
  ]),

  CAPTCHA_PROVIDER: z.enum(['none', 'turnstile']).default('none'),
  CAPTCHA_SITE_KEY: z.string().optional(),
  CAPTCHA_SECRET: z.string().optional(),
  CAPTCHA_VERIFY_URL: z.string().url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),

  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_AUTH_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_GLOBAL_MAX: z.coerce.number().int().positive().default(600),
  /** Wrong passwords for one account (from any address) before its sign-in pauses for the window. */
  SIGNIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  SIGNIN_ACCOUNT_WINDOW_MINUTES: z.coerce.number().positive().default(15),

  // Payments: each gateway is enabled when its credentials are set; the sandbox when none is and HOST is
  // loopback, or when PAYMENT_SANDBOX says so (modules/payments/gateways/enabled.ts).
  PAYMENT_SANDBOX: bool.optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Override of Stripe's API origin, e.g. a local mock (http://127.0.0.1:12111). */
  STRIPE_API_URL: z.string().url().optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  PAYPAL_API_URL: z.string().url().default('https://api-m.paypal.com'),
  CRYPTOMUS_MERCHANT_ID: z.string().optional(),
  CRYPTOMUS_PAYMENT_KEY: z.string().optional(),
  CRYPTOMUS_API_URL: z.string().url().default('https://api.cryptomus.com'),
  BTCPAY_URL: z.string().url().optional(),
  BTCPAY_API_KEY: z.string().optional(),
  BTCPAY_STORE_ID: z.string().optional(),
  BTCPAY_WEBHOOK_SECRET: z.string().optional(),
  /** Gateways that need an approved KYC before paying (the crypto ones by default). */
  KYC_REQUIRED_GATEWAYS: list.default(['cryptomus', 'btcpay']),
  /** Checkouts a customer may start per rolling hour before REACHED_PAYMENT_LIMIT. */
  PAYMENT_ATTEMPTS_PER_HOUR: z.coerce.number().int().positive().default(10),
  /** How long links to printable invoices and receipts stay valid. */
  PRINT_TOKEN_TTL_HOURS: z.coerce.number().int().positive().default(24),

  /**
   * The compute driver behind instances: the embedded simulator, or `libvirt` for the KVM hosts the
   * operator registers (`npm run admin -- hosts add`; README "Real servers on KVM hosts").
   */
  COMPUTE_DRIVER: z.enum(['simulator', 'libvirt']).default('simulator'),
  /** Seconds each simulated provisioning step takes (default 2, or 0 under NODE_ENV=test: due at once). */
  SIMULATOR_STEP_SECONDS: z.coerce.number().min(0).max(3600).optional(),

  /**
   * Custom ISO imports go to public https addresses only. Origins listed here (`https://host:port`) may be
   * private: an internal mirror the operator runs. Its certificate may be signed by `ISO_MIRROR_CA_FILE`.
   */
  ISO_MIRROR_ORIGINS: list.default([]),
  ISO_MIRROR_CA_FILE: z.string().optional(),
  /**
   * Words or phrases a support message may not contain (case-insensitive), refused with a clear message;
   * payment card numbers are always refused.
   */
  SUPPORT_FORBIDDEN_WORDS: list.default([]),
  /** Where ticket attachments are stored: under DATA_DIR/attachments unless set. */
  ATTACHMENTS_DIR: z.string().optional(),
  /** Ticket attachments in an S3-compatible bucket instead of the disk (AWS, MinIO, Ceph, R2, …). */
  ATTACHMENTS_S3_BUCKET: z.string().optional(),
  ATTACHMENTS_S3_REGION: z.string().default('us-east-1'),
  ATTACHMENTS_S3_ENDPOINT: z.string().url().optional(),
  ATTACHMENTS_S3_ACCESS_KEY_ID: z.string().optional(),
  ATTACHMENTS_S3_SECRET_ACCESS_KEY: z.string().optional(),
  ATTACHMENTS_S3_FORCE_PATH_STYLE: bool.default(true),

  CATALOGUE_FILE: z.string().default(resolve(repoRoot, 'catalogue', 'demo-catalogue.json')),

  BRAND_NAME: z.string().default('Nimbus Cloud'),
  BRAND_LOGO_URL: z.string().default('/brand/logo.svg'),
  BRAND_PRIMARY_COLOR: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default('#2563eb'),
  BRAND_SECONDARY_COLOR: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default('#0f172a'),
  BRAND_SUPPORT_EMAIL: z.string().default('support@nimbus.example'),
  BRAND_TERMS_URL: z.string().default('https://nimbus.example/terms'),
  BRAND_AUP_URL: z.string().default('https://nimbus.example/acceptable-use'),
  BRAND_REVIEW_URL: z.string().default('https://www.trustpilot.com/review/nimbus.example'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'SIMULATOR_STEP_SECONDS'> {
  SIMULATOR_STEP_SECONDS: number;
  publicUrl: string;
  devMailbox: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Env> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const merged = { ...parsed.data, ...overrides };
  const port = merged.PORT;
  return {
    ...merged,
    // An IPv6 HOST (::1) is bracketed in a URL.
    publicUrl: (
      merged.PUBLIC_URL ?? `http://${merged.HOST.includes(':') ? `[${merged.HOST}]` : merged.HOST}:${port}`
    ).replace(/\/$/, ''),
    devMailbox: merged.DEV_MAILBOX ?? !merged.SMTP_URL,
    SIMULATOR_STEP_SECONDS: merged.SIMULATOR_STEP_SECONDS ?? (merged.NODE_ENV === 'test' ? 0 : 2),
  };
}
