import {
  errorCodes,
  type Instance,
  type InstanceList,
  type InstanceStats,
  type instanceListQuerySchema,
  intervalFilterSchema,
  intervalRange,
  messageText,
} from '@nimbus/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import type { AuthenticatedCustomer } from '../auth/auth.guard';
import { isAccountSuspended } from './billing-ties';
import { preorderToInstance, toInstance } from './instance.mapper';
import { decodeBookmark, encodeBookmark } from './instance-bookmark';
import { findInstance, instanceStats, listInstancePage, pendingPreorders } from './instances.repository';

type ListQuery = z.output<typeof instanceListQuerySchema>;
type Customer = Pick<AuthenticatedCustomer, 'id' | 'status'>;

export const instanceNotFound = () => notFound('No such instance.');

/** The interval filter's range, 400 for an incomplete custom range. */
function rangeOf(query: ListQuery, now: Date) {
  if (!query.interval) return null;
  const parsed = intervalFilterSchema.safeParse({ interval: query.interval, from: query.from, to: query.to });
  if (!parsed.success)
    throw badRequest(
      errorCodes.validation,
      messageText(parsed.error.issues[0]?.message ?? 'validation.invalid'),
    );
  return intervalRange(parsed.data, now);
}

/** The instance list, counts and detail of one customer (instances.md §3, platform.md §3). */
export function createInstanceReads(deps: { db: Database }) {
  const { db } = deps;
  return {
    /**
     * A page of live instances, newest first. Pending GPU preorders come first on the first page (they are
     * few and not paged) unless a status or IP filter excludes them.
     */
    async list(customer: Customer, query: ListQuery, now = new Date()): Promise<InstanceList> {
      const accountSuspended = isAccountSuspended(customer.status);
      const after = query.bookmark ? decodeBookmark(query.bookmark) : null;
      const range = rangeOf(query, now);
      const filter = {
        customerId: customer.id,
        accountSuspended,
        status: query.status,
        range,
        ipv4: query.ipv4 || undefined,
        region: query.region,
      };
      const page = await listInstancePage(db, filter, after, query.limit);
      const firstPage = after === null;
      const preorders =
        firstPage && !query.status && !filter.ipv4
          ? (await pendingPreorders(db, customer.id, { range, region: query.region })).map((p) =>
              preorderToInstance(p, accountSuspended),
            )
          : [];
      return {
        instances: [...preorders, ...page.records.map((r) => toInstance(r, now))],
        bookmark: page.next ? encodeBookmark(page.next) : null,
        previousBookmark: query.bookmark ?? null,
      };
    },

    async stats(customer: Customer): Promise<InstanceStats> {
      return instanceStats(db, customer.id, isAccountSuspended(customer.status));
    },

    async detail(customer: Customer, id: number, now = new Date()): Promise<Instance> {
      const record = await findInstance(db, customer.id, id, isAccountSuspended(customer.status));
      if (!record) throw instanceNotFound();
      return toInstance(record, now);
    },
  };
}
