import {
  type IntervalOption,
  intervalOptions,
  isCalendarDay,
  isIntervalComplete,
  isIntervalOrdered,
} from '@nimbus/contract';

/**
 * The filter dropdown's model (platform.md §2 "Filter dropdown"). Filter values are the route's search
 * params, strings or absent; the interval field owns three of them: `interval`, `from` and `to`.
 */

export interface FilterOption {
  value: string;
  label: string;
}

/** A field with one choice out of a fixed list: status, type, payment method, department… */
export interface ChoiceFilterField {
  kind: 'choice';
  /** The search param it is stored in. */
  name: string;
  label: string;
  options: readonly FilterOption[];
}

/** All, last 6 months, last 12 months, or a custom range of days (`from`/`to`, YYYY-MM-DD). */
export interface IntervalFilterField {
  kind: 'interval';
  label: string;
}

export type FilterField = ChoiceFilterField | IntervalFilterField;

/** Params as the filters write them: a string, or absent to remove the param. */
export type FilterValues = Record<string, string | undefined>;
/** The route's search as the filters read it; params of other concerns (page…) are ignored. */
export type SearchValues = Readonly<Record<string, unknown>>;

export const INTERVAL_PARAMS = ['interval', 'from', 'to'] as const;

/** The search params a field is stored in. */
export const paramsOf = (field: FilterField): readonly string[] =>
  field.kind === 'interval' ? INTERVAL_PARAMS : [field.name];

/** Every param of `fields` set to absent: what "Remove all" writes to the URL. */
export function clearedFilters(fields: readonly FilterField[]): FilterValues {
  return Object.fromEntries(fields.flatMap(paramsOf).map((param) => [param, undefined]));
}

export interface ValidInterval {
  interval: Exclude<IntervalOption, 'all'>;
  from?: string;
  to?: string;
}

/** An interval's problems, the first of each day, as the API's `intervalFilterSchema` words them. */
export interface IntervalProblems {
  from?: string;
  to?: string;
}

/**
 * The rules of the contract's `intervalFilterSchema` (billing-rules.ts) applied to the days of `values`,
 * without loading a schema on the lists' startup path: a day that is no calendar day, then a custom range
 * without both days, then a range whose last day is before its first.
 */
export function intervalProblems(values: SearchValues): IntervalProblems {
  const { from, to } = values;
  const problems: IntervalProblems = {};
  if (from !== undefined && (typeof from !== 'string' || !isCalendarDay(from)))
    problems.from = 'validation.date.invalid';
  if (to !== undefined && (typeof to !== 'string' || !isCalendarDay(to)))
    problems.to = 'validation.date.invalid';
  // Like the schema, the range rules only judge days that are text.
  if (typeof from !== 'string' && from !== undefined) return problems;
  if (typeof to !== 'string' && to !== undefined) return problems;
  const days = { interval: typeof values.interval === 'string' ? values.interval : undefined, from, to };
  if (!isIntervalComplete(days)) problems.from ??= 'validation.date.rangeRequired';
  if (!isIntervalOrdered(days)) problems.to ??= 'validation.date.toBeforeFrom';
  return problems;
}

/**
 * The interval the values select, or null for all time. A custom range that is incomplete or reversed
 * (typed into the address bar) counts as no filter rather than an error.
 */
export function validInterval(values: SearchValues): ValidInterval | null {
  const interval = values.interval ?? 'all';
  if (!intervalOptions.some((option) => option === interval) || interval === 'all') return null;
  const problems = intervalProblems(values);
  if (problems.from || problems.to) return null;
  const { from, to } = values as { from?: string; to?: string };
  return interval === 'custom' ? { interval, from, to } : { interval: interval as ValidInterval['interval'] };
}

export interface AppliedFilter {
  field: FilterField;
  /** The option chosen, for a choice field; the interval itself for the interval field. */
  option?: FilterOption;
  interval?: ValidInterval;
}

/** The filters in effect, in the order of the fields: one chip each. */
export function appliedFilters(fields: readonly FilterField[], values: SearchValues): AppliedFilter[] {
  return fields.flatMap((field): AppliedFilter[] => {
    if (field.kind === 'interval') {
      const interval = validInterval(values);
      return interval ? [{ field, interval }] : [];
    }
    const option = field.options.find((o) => o.value === values[field.name]);
    return option ? [{ field, option }] : [];
  });
}
