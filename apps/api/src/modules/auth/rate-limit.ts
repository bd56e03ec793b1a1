import type { Config } from '../../config';

/** Route config for the stricter per-IP limit on sign-in, sign-up and mail-sending calls. */
export const authRateLimit = (
  config: Pick<Config, 'RATE_LIMIT_AUTH_MAX' | 'RATE_LIMIT_AUTH_WINDOW_SECONDS'>,
) => ({
  rateLimit: { max: config.RATE_LIMIT_AUTH_MAX, timeWindow: config.RATE_LIMIT_AUTH_WINDOW_SECONDS * 1000 },
});
