import { INT4_MAX } from '@nimbus/contract';

/*
 * Building blocks of type guards for data the panel did not just receive from its API: session storage
 * and the event stream. Plain checks rather than schemas keep a schema library off the startup path of
 * pages that import these modules but have no form.
 */

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A database id, as the contract's `idSchema` bounds it. */
export const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= INT4_MAX;

export const isString = (value: unknown): value is string => typeof value === 'string';

export const isOneOf =
  <const T extends readonly unknown[]>(values: T) =>
  (value: unknown): value is T[number] =>
    values.includes(value);

/** An array of `min` to `max` items, each passing `isItem`. */
export const isArrayOf = <T>(
  value: unknown,
  isItem: (item: unknown) => item is T,
  { min = 0, max = Number.POSITIVE_INFINITY } = {},
): value is T[] => Array.isArray(value) && value.length >= min && value.length <= max && value.every(isItem);

/**
 * What `key` holds in session storage when it passes `isValid`, else null: the tab's own storage, but it
 * outlives releases and can be edited, so what does not fit (or is not JSON) is dropped.
 */
export function readStored<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    const held: unknown = raw === null ? null : JSON.parse(raw);
    return isValid(held) ? held : null;
  } catch {
    return null;
  }
}
