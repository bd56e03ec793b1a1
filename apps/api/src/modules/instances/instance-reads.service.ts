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
import { preorderToInstance, toInstance } from './instance.mapper';
import { decodeBookmark, encodeBookmark } from './instance-bookmark';
import { isAccountSuspended } from './instance-suspension';
import { type ReadVersion, readVersion, type SignIn, toReadVersion } from './instance-version';
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

/**
 * Where a read gets its customer's version (see `readVersion`): already read, because the client sent a
 * tag to compare first, or to be read in the answer's own statement, checking `signIn` there.
 */
export type VersionSource = { read: ReadVersion } | { signIn: SignIn };

/** An answer and the version it shows; no version when the customer is gone. */
export interface Versioned<T> {
  version: ReadVersion | null;
  answer: T | null;
}

/**
 * The instance list, counts and detail of one customer (instances.md §3, platform.md §3), each with the
 * version it shows. A version is never newer than its answer: read in the same statement, or before it.
 * Read together, the statement assumes the account is not suspended (the usual case) and runs again
 * when the version says it is.
 */
export function createInstanceReads(deps: { db: Database }) {
  const { db } = deps;
  const customerAt = (id: number, version: ReadVersion): Customer => ({ id, status: version.status });

  async function listPage(customer: Customer, query: ListQuery, now: Date, signIn?: SignIn) {
    const after = query.bookmark ? decodeBookmark(query.bookmark) : null;
    const filter = {
      customerId: customer.id,
      accountSuspended: isAccountSuspended(customer.status),
      status: query.status,
      range: rangeOf(query, now),
      ipv4: query.ipv4 || undefined,
      region: query.region,
    };
    return {
      after,
      filter,
      page: await listInstancePage(
        db,
        filter,
        after,
        query.limit,
        signIn && { customerId: customer.id, signIn },
      ),
    };
  }

  return {
    /**
     * A page of live instances, newest first. Pending GPU preorders come first on the first page (they are
     * few and not paged) unless a status or IP filter excludes them.
     */
    async list(
      customerId: number,
      query: ListQuery,
      source: VersionSource,
      now = new Date(),
    ): Promise<Versioned<InstanceList>> {
      let version = 'read' in source ? source.read : null;
      const assumed: Customer = version
        ? customerAt(customerId, version)
        : { id: customerId, status: 'active' };
      let read = await listPage(assumed, query, now, 'signIn' in source ? source.signIn : undefined);
      if (!version && 'signIn' in source) {
        version = toReadVersion(customerId, read.page.extra);
        // An empty page carries no version: read it, then the page again after it.
        if (!version) version = await readVersion(db, customerId, source.signIn);
        if (!version) return { version: null, answer: null };
        if (read.page.records.length === 0 || isAccountSuspended(version.status))
          read = await listPage(customerAt(customerId, version), query, now);
      }
      if (!version) return { version: null, answer: null };
      const { after, filter, page } = read;
      const preorders =
        version.pendingPreorders > 0 && after === null && !query.status && !filter.ipv4
          ? (await pendingPreorders(db, customerId, { range: filter.range, region: query.region })).map((p) =>
              preorderToInstance(p, filter.accountSuspended),
            )
          : [];
      return {
        version,
        answer: {
          instances: [...preorders, ...page.records.map((r) => toInstance(r, now))],
          bookmark: page.next ? encodeBookmark(page.next) : null,
          previousBookmark: query.bookmark ?? null,
        },
      };
    },

    async stats(customerId: number, source: VersionSource): Promise<Versioned<InstanceStats>> {
      if ('read' in source) {
        const { stats } = await instanceStats(db, customerId, isAccountSuspended(source.read.status));
        return { version: source.read, answer: stats };
      }
      const first = await instanceStats(db, customerId, false, source.signIn);
      const version = toReadVersion(customerId, first.extra);
      if (!version) return { version: null, answer: null };
      if (!isAccountSuspended(version.status)) return { version, answer: first.stats };
      return { version, answer: (await instanceStats(db, customerId, true)).stats };
    },

    async detail(
      customerId: number,
      id: number,
      source: VersionSource,
      now = new Date(),
    ): Promise<Versioned<Instance>> {
      const version = 'read' in source ? source.read : await readVersion(db, customerId, source.signIn);
      if (!version) return { version: null, answer: null };
      const record = await findInstance(db, customerId, id, isAccountSuspended(version.status));
      if (!record) throw instanceNotFound();
      return { version, answer: toInstance(record, now) };
    },
  };
}
