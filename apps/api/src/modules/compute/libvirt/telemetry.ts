import type { MetricName } from '@nimbus/contract';
import { and, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { domainName } from './domain-xml';
import { hostById } from './hosts';
import { libvirtCounters, libvirtServers, libvirtTraffic } from './libvirt.tables';
import { type Virsh, VirshError, virshFor } from './virsh';

type Stats = Record<string, number>;

/** `virsh domstats` answers: one block per domain of `key=value` lines. */
export function parseDomstats(output: string): Map<string, Stats> {
  const domains = new Map<string, Stats>();
  let current: Stats | null = null;
  for (const line of output.split('\n')) {
    const header = line.match(/^Domain: '(.+)'/);
    if (header) {
      current = {};
      domains.set(header[1]!, current);
      continue;
    }
    const pair = line.trim().match(/^([\w.]+)=(-?\d+(?:\.\d+)?)$/);
    if (pair && current) current[pair[1]!] = Number(pair[2]);
  }
  return domains;
}

async function domstats(virsh: Virsh, refs: string[]): Promise<Map<string, Stats>> {
  try {
    const out = await virsh([
      'domstats',
      '--cpu-total',
      '--balloon',
      '--interface',
      '--block',
      '--vcpu',
      ...refs.map(domainName),
    ]);
    return parseDomstats(out);
  } catch (error) {
    // A domain that stopped between the query and the call: read the others one by one.
    if (!(error instanceof VirshError) || refs.length === 1) return new Map();
    const all = new Map<string, Stats>();
    for (const ref of refs) for (const [k, v] of await domstats(virsh, [ref])) all.set(k, v);
    return all;
  }
}

const sum = (stats: Stats, prefix: string, suffix: string) =>
  Object.entries(stats)
    .filter(([key]) => key.startsWith(prefix) && key.endsWith(suffix))
    .reduce((total, [, value]) => total + value, 0);
/** Growth of a cumulative counter; one that went back (the domain restarted) counts from zero. */
const growth = (now: number, before: number | undefined) =>
  before === undefined ? 0 : now >= before ? now - before : now;
const percent = (value: number) => Math.min(100, Math.max(0, Math.round(value * 100) / 100));

/**
 * Reads every running server among `refs` once: its metrics since the last reading, and the bytes it
 * moved, which are added to its traffic minute. Servers that are off, unknown or gone are left out.
 */
export async function readServers(
  db: Database,
  refs: string[],
  at: Date,
): Promise<Map<string, Record<MetricName, number>>> {
  const result = new Map<string, Record<MetricName, number>>();
  if (refs.length === 0) return result;
  const rows = await db
    .select({
      ref: libvirtServers.ref,
      hostId: libvirtServers.hostId,
      vcpu: sql<number>`(${libvirtServers.spec}->>'vcpu')::int`,
    })
    .from(libvirtServers)
    .where(
      and(
        inArray(libvirtServers.ref, refs),
        isNull(libvirtServers.deletedAt),
        isNull(libvirtServers.failure),
        inArray(libvirtServers.status, ['active', 'rescue']),
      ),
    );
  const byHost = new Map<number, typeof rows>();
  for (const row of rows) byHost.set(row.hostId, [...(byHost.get(row.hostId) ?? []), row]);
  const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  for (const [hostId, servers] of byHost) {
    const host = await hostById(db, hostId);
    const stats = await domstats(
      virshFor(host.uri),
      servers.map((s) => s.ref),
    );
    const previous = new Map(
      (
        await db
          .select()
          .from(libvirtCounters)
          .where(
            inArray(
              libvirtCounters.ref,
              servers.map((s) => s.ref),
            ),
          )
      ).map((c) => [c.ref, c]),
    );
    for (const server of servers) {
      const s = stats.get(domainName(server.ref));
      if (!s || (s['state.state'] !== undefined && s['state.state'] !== 1)) continue;
      const before = previous.get(server.ref);
      const seconds = before ? Math.max(1, (at.getTime() - before.readAt.getTime()) / 1000) : 60;
      const counters = {
        cpuTimeNs: s['cpu.time'] ?? 0,
        readRequests: sum(s, 'block.', '.rd.reqs'),
        writeRequests: sum(s, 'block.', '.wr.reqs'),
        readBytes: sum(s, 'block.', '.rd.bytes'),
        writeBytes: sum(s, 'block.', '.wr.bytes'),
        receivedBytes: sum(s, 'net.', '.rx.bytes'),
        sentBytes: sum(s, 'net.', '.tx.bytes'),
      };
      const delta = (key: keyof typeof counters) => growth(counters[key], before?.[key]);
      const memoryKb = s['balloon.current'] ?? 0;
      const usedKb =
        s['balloon.available'] !== undefined && s['balloon.unused'] !== undefined
          ? s['balloon.available'] - s['balloon.unused']
          : (s['balloon.rss'] ?? 0);
      const diskCapacity = s['block.0.capacity'] ?? 0;
      result.set(server.ref, {
        'cpu:usage:%': percent((delta('cpuTimeNs') / (seconds * 1e9 * Math.max(1, server.vcpu))) * 100),
        'memory:usage:%': percent(memoryKb > 0 ? (usedKb / memoryKb) * 100 : 0),
        'disk:usage:%': percent(diskCapacity > 0 ? ((s['block.0.allocation'] ?? 0) / diskCapacity) * 100 : 0),
        'disk:iops': Math.round((delta('readRequests') + delta('writeRequests')) / seconds),
        'disk:write:mb': Math.round(delta('writeBytes') / 1e4) / 100,
        'disk:read:mb': Math.round(delta('readBytes') / 1e4) / 100,
        'network:in:mb': Math.round(delta('receivedBytes') / 1e4) / 100,
        'network:out:mb': Math.round(delta('sentBytes') / 1e4) / 100,
      });
      // Traffic from the domain's start counts even before its first reading; rates need two readings.
      const movedSince = (key: 'receivedBytes' | 'sentBytes') => (before ? delta(key) : counters[key]);
      const moved = movedSince('receivedBytes') + movedSince('sentBytes');
      await db
        .insert(libvirtCounters)
        .values({ ref: server.ref, readAt: at, ...counters })
        .onConflictDoUpdate({ target: libvirtCounters.ref, set: { readAt: at, ...counters } });
      if (moved > 0) {
        await db
          .insert(libvirtTraffic)
          .values({ ref: server.ref, minute, bytes: moved })
          .onConflictDoUpdate({
            target: [libvirtTraffic.ref, libvirtTraffic.minute],
            set: { bytes: sql`${libvirtTraffic.bytes} + excluded.bytes` },
          });
      }
    }
  }
  return result;
}

/** Bytes moved between two instants, from the minutes read. */
export async function trafficBetween(db: Database, ref: string, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${libvirtTraffic.bytes}), 0)` })
    .from(libvirtTraffic)
    .where(and(eq(libvirtTraffic.ref, ref), gte(libvirtTraffic.minute, from), lt(libvirtTraffic.minute, to)));
  return Number(row?.bytes ?? 0);
}
