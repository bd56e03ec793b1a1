// The zod-free part of idempotency.ts (zod-free.test.ts): the panel loads it without zod.

/**
 * The header that makes a charging or crediting call safe to retry (Stripe's convention): the same key
 * within `IDEMPOTENCY_KEY_TTL_HOURS` replays the first answer instead of acting again.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
