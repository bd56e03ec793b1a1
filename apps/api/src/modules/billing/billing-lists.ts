import { errorCodes, type intervalFilterSchema, intervalRange, messageText } from '@nimbus/contract';
import type { z } from 'zod';
import { badRequest } from '../../lib/errors';

/** Helpers the billing lists (invoices, invoice items, transactions) share. */

export type TimeRange = { start: Date; end: Date };

/**
 * The range an interval filter selects. The contract only checks the shape of a day, so a day that
 * does not exist (2026-13-40) is refused here rather than reaching the database as an invalid date.
 */
export function rangeOfFilter(filter: z.output<typeof intervalFilterSchema>, now: Date): TimeRange | null {
  for (const [field, day] of [
    ['from', filter.from],
    ['to', filter.to],
  ] as const) {
    if (day !== undefined && !isCalendarDay(day)) {
      throw badRequest(errorCodes.validation, `${field}: ${messageText('validation.date.invalid')}`, {
        issues: [{ path: field, message: 'validation.date.invalid' }],
      });
    }
  }
  return intervalRange(filter, now);
}

function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** The paging block of a list answer. */
export const pageOf = (totalCount: number, page: number, pageSize: number) => ({
  totalCount,
  totalPages: Math.ceil(totalCount / pageSize),
  pageSize,
  page,
});

/** Postgres `integer` ids: a larger one cannot exist, and comparing with it would be a database error. */
export const MAX_SERIAL_ID = 2_147_483_647;
