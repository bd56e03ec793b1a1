import { type IntervalOption, intervalOptions } from '@nimbus/contract';
import { optionalDay, optionalInt, optionalOneOf } from '../../lib/search-params';

/*
 * The params every filtered, paged list reads in its route's `validateSearch` (lib/search-params.ts:
 * a value that does not fit is dropped instead of failing the page).
 */

export type IntervalSearch = {
  interval?: IntervalOption;
  from?: string;
  to?: string;
};

/** The interval field's params; whether a custom range is complete is judged by `validInterval`. */
export const intervalSearch = (search: Record<string, unknown>): IntervalSearch => ({
  interval: optionalOneOf(intervalOptions, search.interval),
  from: optionalDay(search.from),
  to: optionalDay(search.to),
});

/** `?page=`, 1-based; absent is the first page. */
export const pageSearch = (value: unknown) => optionalInt(value, { min: 1, max: 100_000 });
