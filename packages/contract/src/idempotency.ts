import { z } from 'zod';

/**
 * The header that makes a charging or crediting call safe to retry (Stripe's convention): the same key
 * within `IDEMPOTENCY_KEY_TTL_HOURS` replays the first answer instead of acting again.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** 1–255 printable ASCII characters (space to tilde): a UUID fits, and so does any client's own scheme. */
export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x20-\x7e]+$/);
