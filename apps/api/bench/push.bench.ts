// Server push at scale (issue 12 goal 3): 2,000 open event streams and 200 changes a second, made in the
// database (an account status flip, whose trigger notifies like every other change), measured for
// Nimbus's stream (whole app: tickets, LISTEN fan-out, coalescing) and side by side for the floor (a bare
// http server writing each notification to its customer's socket). The server runs in a process of its
// own so its CPU is its own; the clients run in another. Run: npm run bench -- push.
// BENCH_STREAMS (default 2000), BENCH_RATE changes/s (default 200), BENCH_SECONDS (default 10).
import { type ChildProcess, fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { createDatabase, type Database } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { loadCatalogue } from '../src/modules/catalogue/catalogue.loader';
import { createEventTickets } from '../src/modules/events/event-tickets';
import { scratchDatabase } from './bench-database';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 2000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const IDLE_SECONDS = 5;
const dir = dirname(fileURLToPath(import.meta.url));
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A child and a way to ask it something: the next message that has `key`. */
function child(process_: ChildProcess) {
  return <T>(key: string, send?: unknown) =>
    new Promise<T>((resolve) => {
      const listener = (message: Record<string, unknown>) => {
        if (key in message) {
          process_.off('message', listener);
          resolve(message as T);
        }
      };
      process_.on('message', listener);
      if (send !== undefined) process_.send(send as never);
    });
}

interface Usage {
  cpu: NodeJS.CpuUsage;
}
const cpuMs = (from: Usage, to: Usage) =>
  (to.cpu.user - from.cpu.user + to.cpu.system - from.cpu.system) / 1000;

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function seed(db: Database) {
  await db.execute(sql`
    INSERT INTO customers (email, password_hash, fullname)
    SELECT 'push-' || g || '@example.com', 'not-a-hash', 'Push customer ' || g
    FROM generate_series(1, ${STREAMS}) g`);
  const rows = await db.execute<{ id: number }>(sql`SELECT id FROM customers ORDER BY id`);
  return rows.rows.map((r) => Number(r.id));
}

async function phase(mode: 'bare' | 'ours', db: Database, url: string, ids: number[]) {
  const server = fork(join(dir, 'push/server.ts'), [mode, url], { execArgv: ['--import', 'tsx'] });
  const askServer = child(server);
  const { port } = await askServer<{ port: number }>('port');
  const tickets = createEventTickets({ db });
  const urls: [number, string][] = [];
  for (const id of ids) {
    if (mode === 'bare') urls.push([id, `http://127.0.0.1:${port}/?c=${id}`]);
    else {
      const { ticket } = await tickets.issue(id, null);
      urls.push([id, `http://127.0.0.1:${port}/api/events?ticket=${ticket}`]);
    }
  }
  const clients = fork(join(dir, 'push/clients.mjs'));
  const askClients = child(clients);
  await askClients('started');
  clients.send({ open: urls });
  const openedAt = performance.now();
  let status = { ready: 0, failed: 0 };
  while (status.ready + status.failed < ids.length && performance.now() - openedAt < 120_000) {
    await sleep(250);
    status = await askClients<typeof status>('ready', { status: true });
  }
  const openMs = performance.now() - openedAt;

  const idleFrom = await askServer<Usage>('cpu', 'cpu');
  await sleep(IDLE_SECONDS * 1000);
  const idleTo = await askServer<Usage>('cpu', 'cpu');

  // The changes: RATE a second, each for a random customer, sent from a pool of their own.
  const writer = createDatabase(url, 8);
  const sent = new Map<number, number[]>();
  const loadFrom = await askServer<Usage>('cpu', 'cpu');
  const started = Date.now();
  let made = 0;
  const inflight: Promise<unknown>[] = [];
  while (Date.now() - started < SECONDS * 1000) {
    const due = Math.floor(((Date.now() - started) / 1000) * RATE);
    for (; made < due; made++) {
      const id = ids[Math.floor(Math.random() * ids.length)]!;
      const list = sent.get(id) ?? [];
      list.push(Date.now());
      sent.set(id, list);
      inflight.push(
        writer.pool.query(
          `UPDATE customers SET status = CASE WHEN status = 'active' THEN 'suspended_by_admin' ELSE 'active' END WHERE id = $1`,
          [id],
        ),
      );
    }
    await sleep(5);
  }
  await Promise.all(inflight);
  await sleep(2000);
  const loadTo = await askServer<Usage>('cpu', 'cpu');
  const { received } = await askClients<{ received: [number, number[]][] }>('received', { report: true });
  await writer.pool.end();

  // A receipt delivers every change of its customer sent before it (changes close together coalesce).
  const latencies: number[] = [];
  let delivered = 0;
  const byCustomer = new Map(received);
  for (const [id, times] of sent) {
    const receipts = byCustomer.get(id) ?? [];
    let r = 0;
    for (const at of times) {
      while (r < receipts.length && receipts[r]! < at) r++;
      if (r < receipts.length) {
        latencies.push(receipts[r]! - at);
        delivered++;
      }
    }
  }
  latencies.sort((a, b) => a - b);
  clients.kill();
  server.kill();
  return {
    mode,
    streams: status.ready,
    failed: status.failed,
    openMs,
    changes: made,
    delivered,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    idleCpu: (cpuMs(idleFrom, idleTo) / (IDLE_SECONDS * 1000)) * 100,
    loadCpu: (cpuMs(loadFrom, loadTo) / ((SECONDS + 2) * 1000)) * 100,
  };
}

async function main() {
  const scratch = await scratchDatabase();
  const { db, pool } = createDatabase(scratch.url, 10);
  try {
    await runMigrations(db);
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: scratch.url,
    });
    await loadCatalogue(db, config.CATALOGUE_FILE);
    const ids = await seed(db);
    console.log(
      `${STREAMS} streams, ${RATE} changes/s for ${SECONDS} s (account status flips, notified by trigger).`,
    );
    const results = [await phase('bare', db, scratch.url, ids), await phase('ours', db, scratch.url, ids)];
    const [bare, ours] = results as [(typeof results)[0], (typeof results)[0]];
    const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
    console.log(
      [
        row([
          '',
          'streams open',
          'open all (ms)',
          'changes',
          'delivered',
          'p50 (ms)',
          'p99 (ms)',
          'CPU idle',
          'CPU under load',
        ]),
        row(['---', '---', '---', '---', '---', '---', '---', '---', '---']),
        ...results.map((r) =>
          row([
            r.mode === 'bare' ? 'bare http + LISTEN' : 'Nimbus /api/events',
            `${r.streams}${r.failed ? ` (${r.failed} failed)` : ''}`,
            Math.round(r.openMs),
            r.changes,
            `${((r.delivered / Math.max(1, r.changes)) * 100).toFixed(1)} %`,
            r.p50,
            r.p99,
            `${r.idleCpu.toFixed(1)} %`,
            `${r.loadCpu.toFixed(1)} %`,
          ]),
        ),
        row([
          'ratio (ours / bare)',
          '',
          '',
          '',
          '',
          (ours.p50 / Math.max(1, bare.p50)).toFixed(2),
          (ours.p99 / Math.max(1, bare.p99)).toFixed(2),
          '',
          (ours.loadCpu / Math.max(0.1, bare.loadCpu)).toFixed(2),
        ]),
      ].join('\n'),
    );
    if (ours.streams < STREAMS || ours.delivered < ours.changes) {
      console.error('Not every stream opened or not every change was delivered.');
      process.exitCode = 1;
    }
  } finally {
    await pool.end();
    await scratch.drop();
  }
}

await main();
