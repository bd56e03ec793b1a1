import { intervalOptionSchema } from '@nimbus/contract';
import { z } from 'zod';

/*
 * Building blocks of a route's `validateSearch` for filtered, paged lists. Every param is optional and
 * a value that does not fit (an edited or outdated link) is dropped instead of failing the page.
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The interval field's params; whether a custom range is complete is judged by `validInterval`. */
export const intervalSearch = {
  interval: intervalOptionSchema.optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
};

/** A choice field's param: one of `values`. */
export const choiceSearch = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).optional().catch(undefined);

/** `?page=`, 1-based; absent is the first page. */
export const pageSearch = z.coerce.number().int().min(1).max(100_000).optional().catch(undefined);
