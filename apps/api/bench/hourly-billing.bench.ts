// Hourly billing at scale: one `billHour` over 100,000 hourly items of 10,000 customers, timed against a
// bare INSERT of the same 100,000 ledger rows, the least any way of charging them could cost.
// Run: npm run bench. Uses a scratch database on TEST_DATABASE_URL / DATABASE_URL's server when set
// (dropped afterwards), otherwise a throw-away embedded PostgreSQL in a temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase, type Database } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';
import { billHour, startOfHour } from '../src/modules/billing/hourly-billing';
import { reconcileBalances } from '../src/modules/billing/reconciliation';
import { withDatabase } from '../test/global-setup';

const CUSTOMERS = 10_000;
const ITEMS = 100_000;
const OPENING_CREDIT = 1_000_000_000; // 1,000 USD each
const MONTHLY_PRICE = 7_300_000;
const HOURLY_PRICE = 10_000; // 7.30 / 730

const count = (n: number) => n.toLocaleString('en-US');
const ms = (n: number) => `${count(Math.round(n))} ms`;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A server to create the scratch database on, and how to stop it afterwards. */
async function benchServer(): Promise<{ adminUrl: string; stop(): Promise<void> }> {
  const external = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (external) return { adminUrl: external, stop: async () => {} };
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-bench-'));
  console.log(`Starting a throw-away embedded PostgreSQL in ${dir}`);
  const embedded = await startEmbeddedPostgres({ dir, port: await freePort(), database: 'postgres' });
  return {
    adminUrl: embedded.adminUrl,
    async stop() {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(adminUrl: string, text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
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
  const [, elapsed] = await timed(() =>
    db.execute(sql`
      INSERT INTO bench_ledger_entries (customer_id, kind, amount, idempotency_key, description)
      SELECT customer_id, 'usage_charge', -unit_price,
        'usage:' || id || ':' || to_char(${hour.toISOString()}::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24'),
        description
      FROM billable_items WHERE billing_cycle = 'hourly'`),
  );
  await db.execute(sql`DROP TABLE bench_ledger_entries`);
  return elapsed;
}

/** Every item charged exactly once for the hour, every invoice line at one hour, balances = ledger. */
async function verify(db: Database, hour: Date) {
  const key = `%:${hour.toISOString().slice(0, 13)}`;
  const [checks] = (
    await db.execute<{ entries: string; items_not_once: string; lines: string; charged: string }>(sql`
      SELECT
        (SELECT count(*) FROM ledger_entries WHERE kind = 'usage_charge' AND idempotency_key LIKE ${key}) AS entries,
        (SELECT count(*) FROM billable_items bi LEFT JOIN (
          SELECT billable_item_id, count(*) AS n FROM ledger_entries WHERE kind = 'usage_charge' GROUP BY 1
        ) le ON le.billable_item_id = bi.id WHERE coalesce(le.n, 0) <> 1) AS items_not_once,
        (SELECT count(*) FROM invoice_items WHERE type = 'hourly' AND usage = 1 AND subtotal = ${HOURLY_PRICE}) AS lines,
        (SELECT count(*) FROM credit_accounts
          WHERE balance = ${OPENING_CREDIT - (ITEMS / CUSTOMERS) * HOURLY_PRICE}) AS charged`)
  ).rows;
  const differences = await reconcileBalances(db);
  const failures = [
    Number(checks?.entries) !== ITEMS && `${checks?.entries} usage entries instead of ${ITEMS}`,
    Number(checks?.items_not_once) !== 0 && `${checks?.items_not_once} items not charged exactly once`,
    Number(checks?.lines) !== ITEMS && `${checks?.lines} invoice lines at one hour instead of ${ITEMS}`,
    Number(checks?.charged) !== CUSTOMERS && `${checks?.charged} customers charged the expected amount`,
    differences.length > 0 && `${differences.length} balances differ from their ledger`,
  ].filter(Boolean);
  return failures as string[];
}

async function main() {
  const server = await benchServer();
  const name = `nimbus_bench_${process.pid}`;
  const url = withDatabase(server.adminUrl, name);
  await adminQuery(server.adminUrl, `CREATE DATABASE ${name}`);
  const { db, pool } = createDatabase(url, 4);
  let failures: string[] = [];
  try {
    await runMigrations(db);
    const hour = new Date(startOfHour(new Date()).getTime() - 3_600_000);
    const [, seeding] = await timed(() => seed(db, hour));
    console.log(`Seeded ${count(ITEMS)} hourly items over ${count(CUSTOMERS)} customers in ${ms(seeding)}.`);

    const bare = await bareInsert(db, hour);
    await db.execute(sql`CHECKPOINT`);
    const [run, billing] = await timed(() => billHour(db, hour));
    const [rerun, again] = await timed(() => billHour(db, hour));

    console.log(`\nHour ${hour.toISOString()}, PostgreSQL ${(await pool.query('SHOW server_version')).rows[0].server_version}`);
    console.log(`  billHour (invoices, lines, ledger, balances): ${ms(billing)} for ${count(run.itemsBilled)} items`);
    console.log(`  bare INSERT of the same ledger rows:          ${ms(bare)}`);
    console.log(`  ratio billHour / bare insert:                 ${(billing / bare).toFixed(2)}×`);
    console.log(`  throughput:                                   ${count(Math.round(run.itemsBilled / (billing / 1000)))} items/s`);
    console.log(`  same hour again:                              ${ms(again)}, ${count(rerun.itemsBilled)} items charged`);
    failures = await verify(db, hour);
    if (rerun.itemsBilled !== 0) failures.push(`the second run charged ${rerun.itemsBilled} items again`);
    console.log(
      failures.length === 0
        ? `  checks: ${count(ITEMS)} usage entries, each item charged once, balances reconcile with the ledger`
        : `  CHECKS FAILED:\n    ${failures.join('\n    ')}`,
    );
  } finally {
    await pool.end();
    await adminQuery(server.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await server.stop();
  }
  process.exit(failures.length === 0 ? 0 : 1);
}

main().catch((error) => {
  // Drizzle wraps the database's error: its message holds the query, the cause says what went wrong.
  const cause = (error as { cause?: unknown }).cause;
  console.error(`Benchmark failed: ${String(cause ?? error)}${cause ? `\n${(error as Error).message}` : ''}`);
  process.exit(1);
});
