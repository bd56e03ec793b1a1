import { z } from 'zod';
import { INT4_MAX } from './ids-rules';

/**
 * Ids as the database holds them. Most tables key on `serial` (PostgreSQL int4), so an id the schema
 * accepts must fit in int4: a larger one would pass validation and fail in the query as a 500.
 * The few `bigserial` tables (ledger, outbox, activity log) are read as JS numbers, bounded to the
 * safe integers. `INT4_MAX` is in ids-rules.ts.
 */

/** An id of an int4 (`serial` / `integer`) column, in a JSON body. */
export const idSchema = z.number().int().positive().max(INT4_MAX);

/** The same id in a path or query string, where it arrives as text. */
export const idParamSchema = z.coerce.number().int().positive().max(INT4_MAX);

/** An id of a `bigserial` column in a path or query string. */
export const bigIdParamSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** `{ id }` path parameters of an int4 row. */
export const idParamsSchema = z.object({ id: idParamSchema });

/** "1,2,3" in a query string, each an int4 id; at most `max` of them. */
export const idListParamSchema = (max: number) =>
  z
    .string()
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'validation.invalid')
    .transform((s) => s.split(',').map(Number))
    .pipe(z.array(idSchema).max(max, 'validation.invalid'));
