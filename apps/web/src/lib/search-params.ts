/*
 * Readers of query-string params for the routes' `validateSearch`. The router hands over what it parsed
 * from the URL (`?page=2` arrives as the number 2, `?ipv4=true` as true, anything else as text). Every
 * param is optional, and a value that does not fit (an edited or outdated link) is dropped, never an
 * error that fails the page. Plain functions rather than schemas: the route table is on every page's
 * startup path, and a schema library there would load on pages without any form.
 */

/** `value` if it is one of `values`. */
export function optionalOneOf<const T extends readonly string[]>(
  values: T,
  value: unknown,
): T[number] | undefined {
  return typeof value === 'string' && values.includes(value) ? (value as T[number]) : undefined;
}

/** A whole number within [min, max], from a number or its text ('2', ' 2 ', '2.0'). */
export function optionalInt(
  value: unknown,
  { min = 1, max = Number.MAX_SAFE_INTEGER } = {},
): number | undefined {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

/** Text of at most `maxLength` characters; a number the router parsed from digits is read as its text. */
export function optionalString(value: unknown, maxLength = Number.POSITIVE_INFINITY): string | undefined {
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' && Number.isFinite(value)
        ? String(value)
        : undefined;
  return text !== undefined && text.length <= maxLength ? text : undefined;
}

/** true or false, from a boolean or the text 'true' / 'false'. */
export function optionalBoolean(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day as YYYY-MM-DD (whether it exists, and a range's order, are the filter's concern). */
export const optionalDay = (value: unknown): string | undefined =>
  typeof value === 'string' && DAY.test(value) ? value : undefined;

/** Positive whole ids from "1,2" (or one id the router parsed as a number); other items are left out. */
export function optionalIdList(value: unknown): number[] | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  return String(value)
    .split(',')
    .map((item) => Number(item.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}
