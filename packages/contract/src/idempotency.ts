import { z } from 'zod';

/** 1–255 printable ASCII characters (space to tilde): a UUID fits, and so does any client's own scheme. */
export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x20-\x7e]+$/);
