// Hourly billing at scale: one `billHour` over 100,000 hourly items of 10,000 customers, timed against a
// bare INSERT of the same 100,000 ledger rows, the least any way of charging them could cost.
// Run: npm run bench. Uses a scratch database on TEST_DATABASE_URL / DATABASE_URL's server when set
// (dropped afterwards), otherwise a throw-away embedded PostgreSQL in a temporary folder.
// Besides the time, each step reports the CPU time the database server spent on it (when the server runs on
// this machine): on a busy machine the wall-clock ratio varies by tens of percent, the CPU ratio much less.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { billHour } from '../src/modules/billing/hourly-billing';
import { reconcileBalances } from '../src/modules/billing/reconciliation';
import { scratchDatabase } from './bench-database';

const CUSTOMERS = 10_000;
const ITEMS = 100_000;
const OPENING_CREDIT = 1_000_000_000; // 1,000 USD each
const MONTHLY_PRICE = 7_300_000;
const HOURLY_PRICE = 10_000; // 7.30 / 730
// Two closed hours mid-month: the first opens every invoice and line, the second is the steady state.
const FIRST_HOUR = new Date('2026-01-15T10:00:00Z');
const NEXT_HOUR = new Date('2026-01-15T11:00:00Z');

const count = (n: number) => n.toLocaleString('en-US');
const ms = (n: number) => `${count(Math.round(n))} ms`;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

/** CPU time (ms) of the server process behind the bench's one connection; null when it is not local. */
async function serverCpu(db: Database): Promise<number | null> {
  const pid = (await db.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`)).rows[0]?.pid;
  try {
    // Fields 14 and 15 of /proc/<pid>/stat: user and system time, in 1/100 s on Linux.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Wall-clock and server CPU time of one step. */
async function measured<T>(db: Database, work: () => Promise<T>): Promise<[T, number, number | null]> {
  const cpuBefore = await serverCpu(db);
  const [result, elapsed] = await timed(work);
  const cpuAfter = await serverCpu(db);
  return [result, elapsed, cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore];
}

/** Customers with credit (and the ledger entries behind it) and hourly items, all set-based. */
async function seed(db: Database, hour: Date) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO customers (email, password_hash, fullname)
      SELECT 'bench-' || g || '@example.com', 'not-a-hash', 'Bench customer ' || g
      FROM generate_series(1, ${CUSTOMERS}) g`);
    await tx.execute(sql`
      INSERT INTO credit_accounts (customer_id, balance) SELECT id, ${OPENING_CREDIT} FROM customers`);
    await tx.execute(sql`
      INSERT INTO ledger_entries (customer_id, kind, amount, idempotency_key, description)
      SELECT id, 'adjustment', ${OPENING_CREDIT}, 'bench-credit:' || id, 'Opening credit' FROM customers`);
    await tx.execute(sql`
      WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM customers)
      INSERT INTO billable_items (customer_id, resource_type, resource_id, description, billing_cycle,
        monthly_price, unit_price, status, started_at)
      SELECT c.ids[(g - 1) % ${CUSTOMERS} + 1], 'instance', 'bench-' || g, 'Bench VPS ' || g, 'hourly',
        ${MONTHLY_PRICE}, ${HOURLY_PRICE}, 'active', ${hour.toISOString()}::timestamptz
      FROM generate_series(1, ${ITEMS}) g, c`);
  });
  // Fresh tables have no statistics yet; autovacuum would have them in production.
  await db.execute(sql`ANALYZE`);
}

/** The floor: the same 100,000 ledger rows (customer, kind, amount, key, description) and nothing else. */
async function bareInsert(db: Database, hour: Date) {
  // A regular table rather than a TEMP one: temporary tables skip the write-ahead log, the ledger does not.
  await db.execute(sql`CREATE TABLE bench_ledger_entries (LIKE ledger_entries INCLUDING ALL)`);
  await db.execute(sql`CHECKPOINT`);
  const [, elapsed, cpu] = await measured(db, () =>
    db.execute(sql`
      INSERT INTO bench_ledger_entries (customer_id, kind, amount, idempotency_key, description)
      SELECT customer_id, 'usage_charge', -unit_price,
        'usage:' || id || ':' || to_char(${hour.toISOString()}::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24'),
        description
      FROM billable_items WHERE billing_cycle = 'hourly'`),
  );
  await db.execute(sql`DROP TABLE bench_ledger_entries`);
  return { elapsed, cpu };
}

/** Every item charged once per billed hour, every invoice line at those hours, balances = ledger. */
async function verify(db: Database, hours: number) {
  const [checks] = (
    await db.execute<{ entries: string; items_off: string; lines: string; charged: string }>(sql`
      SELECT
        (SELECT count(*) FROM ledger_entries WHERE kind = 'usage_charge') AS entries,
        (SELECT count(*) FROM billable_items bi LEFT JOIN (
          SELECT billable_item_id, count(DISTINCT idempotency_key) AS n FROM ledger_entries
          WHERE kind = 'usage_charge' GROUP BY 1
        ) le ON le.billable_item_id = bi.id WHERE coalesce(le.n, 0) <> ${hours}) AS items_off,
        (SELECT count(*) FROM invoice_items
          WHERE type = 'hourly' AND usage = ${hours} AND subtotal = ${hours * HOURLY_PRICE}
            AND start_timestamp = ${FIRST_HOUR.toISOString()}::timestamptz
            AND end_timestamp = ${FIRST_HOUR.toISOString()}::timestamptz + make_interval(hours => ${hours})) AS lines,
        (SELECT count(*) FROM credit_accounts
          WHERE balance = ${OPENING_CREDIT - hours * (ITEMS / CUSTOMERS) * HOURLY_PRICE}) AS charged`)
  ).rows;
  const differences = await reconcileBalances(db);
  const failures = [
    Number(checks?.entries) !== hours * ITEMS &&
      `${checks?.entries} usage entries instead of ${hours * ITEMS}`,
    Number(checks?.items_off) !== 0 && `${checks?.items_off} items not charged exactly once per hour`,
    Number(checks?.lines) !== ITEMS &&
      `${checks?.lines} invoice lines at ${hours} hours (amount, start and end) instead of ${ITEMS}`,
    Number(checks?.charged) !== CUSTOMERS && `${checks?.charged} customers charged the expected amount`,
    differences.length > 0 && `${differences.length} balances differ from their ledger`,
  ];
  return failures.filter((f): f is string => typeof f === 'string');
}

async function main() {
  const scratch = await scratchDatabase();
  // One connection, so the server CPU read before and after a step is that step's.
  const { db, pool } = createDatabase(scratch.url, 1);
  let failures: string[] = [];
  try {
    await runMigrations(db);
    const version = (await pool.query('SHOW server_version')).rows[0].server_version;
    const [, seeding] = await timed(() => seed(db, FIRST_HOUR));
    console.log(
      `PostgreSQL ${version}. Seeded ${count(ITEMS)} hourly items over ${count(CUSTOMERS)} customers in ${ms(seeding)}.`,
    );

    const bare = await bareInsert(db, FIRST_HOUR);
    const report = (label: string, elapsed: number, cpu: number | null, items: number) =>
      console.log(
        `  ${label.padEnd(44)} ${ms(elapsed).padStart(10)}  ${count(items).padStart(7)} items  ` +
          `${(elapsed / bare.elapsed).toFixed(1).padStart(5)}× the bare insert` +
          (cpu === null || bare.cpu === null
            ? ''
            : `   server CPU ${ms(cpu).padStart(9)} ${(cpu / bare.cpu).toFixed(1).padStart(5)}×`),
      );
    console.log('');
    report('bare INSERT of 100,000 ledger rows', bare.elapsed, bare.cpu, ITEMS);
    await db.execute(sql`CHECKPOINT`);
    const [first, firstTime, firstCpu] = await measured(db, () => billHour(db, FIRST_HOUR));
    report('billHour, first hour (opens invoices, lines)', firstTime, firstCpu, first.itemsBilled);
    await db.execute(sql`CHECKPOINT`);
    const [next, nextTime, nextCpu] = await measured(db, () => billHour(db, NEXT_HOUR));
    report('billHour, next hour (lines exist)', nextTime, nextCpu, next.itemsBilled);
    const [rerun, rerunTime, rerunCpu] = await measured(db, () => billHour(db, NEXT_HOUR));
    report('billHour, same hour again', rerunTime, rerunCpu, rerun.itemsBilled);

    failures = await verify(db, 2);
    if (rerun.itemsBilled !== 0)
      failures.push(`billing the same hour again charged ${rerun.itemsBilled} items`);
    console.log(
      failures.length === 0
        ? `\nChecks passed: ${count(2 * ITEMS)} usage entries, each item charged once per hour, balances reconcile.`
        : `\nCHECKS FAILED:\n  ${failures.join('\n  ')}`,
    );
  } finally {
    await pool.end();
    await scratch.drop();
  }
  process.exit(failures.length === 0 ? 0 : 1);
}

main().catch((error) => {
  // Drizzle wraps the database's error: its message holds the query, the cause says what went wrong.
  const cause = (error as { cause?: unknown }).cause;
  const query = cause ? `\n${(error as Error).message.replace(/\s+/g, ' ').slice(0, 200)}…` : '';
  console.error(`Benchmark failed: ${String(cause ?? error)}${query}`);
  process.exit(1);
});
