import { type ActivityEvent, type ActivityLogEntry, hiddenEmailSubjectWords } from '@nimbus/contract';
import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activityLogs } from './activity-log.tables';

export interface ActivityInput {
  customerId: number;
  /** One of the contract's `activityEvents`; other areas may log their own events too. */
  event: ActivityEvent | (string & {});
  data?: Record<string, unknown>;
  ip?: string | null;
  instanceId?: number | null;
  mainIp?: string | null;
}

/**
 * Writes one activity-log entry, inside the caller's transaction so the entry exists exactly when the
 * change does. `clock_timestamp()` rather than `now()`: entries of one transaction get distinct times.
 */
export async function logActivity(tx: DbOrTx, entry: ActivityInput): Promise<void> {
  await tx.insert(activityLogs).values({
    customerId: entry.customerId,
    event: entry.event,
    data: entry.data ?? {},
    ip: entry.ip ?? null,
    instanceId: entry.instanceId ?? null,
    mainIp: entry.mainIp ?? null,
    createdAt: sql`clock_timestamp()`,
  });
}

/** Microsecond ISO text: the cursor must round-trip exactly, JavaScript dates would cut it to ms. */
const isoMicros = sql<string>`to_char(${activityLogs.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const hiddenEmailPattern = `(${hiddenEmailSubjectWords.join('|')})`;

export interface ListActivityQuery {
  customerId: number;
  instanceId?: number;
  endTimestamp?: string;
  limit: number;
}

/**
 * The customer's entries, newest first, strictly older than `endTimestamp`. A page that would end inside
 * a run of equal timestamps is extended to the whole run, so the next page (strictly older) skips none.
 */
export async function listActivity(db: DbOrTx, query: ListActivityQuery): Promise<ActivityLogEntry[]> {
  const scope: SQL[] = [
    eq(activityLogs.customerId, query.customerId),
    sql`NOT (${activityLogs.event} = 'email_sent' AND coalesce(${activityLogs.data}->>'subject', '') ~* ${hiddenEmailPattern})`,
  ];
  if (query.instanceId !== undefined) scope.push(eq(activityLogs.instanceId, query.instanceId));
  const select = () =>
    db
      .select({
        id: activityLogs.id,
        event: activityLogs.event,
        data: activityLogs.data,
        ip: activityLogs.ip,
        instanceId: activityLogs.instanceId,
        mainIp: activityLogs.mainIp,
        timestamp: isoMicros,
      })
      .from(activityLogs);

  const cursor = query.endTimestamp
    ? [lt(activityLogs.createdAt, sql`${query.endTimestamp}::timestamptz`)]
    : [];
  const page = await select()
    .where(and(...scope, ...cursor))
    .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
    .limit(query.limit);

  const last = page.at(-1);
  if (last && page.length === query.limit) {
    const rest = await select()
      .where(
        and(
          ...scope,
          eq(activityLogs.createdAt, sql`${last.timestamp}::timestamptz`),
          lt(activityLogs.id, last.id),
        ),
      )
      .orderBy(desc(activityLogs.id));
    page.push(...rest);
  }

  return page.map((row) => ({
    id: row.id,
    event: row.event,
    data: row.ip ? { ...row.data, ip: row.ip } : row.data,
    payload: row.mainIp ? { mainIp: row.mainIp } : null,
    iid: row.instanceId,
    timestamp: row.timestamp,
  }));
}
