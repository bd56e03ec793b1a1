// Instance reads at scale (issue 5 §7): 100,000 instances of 10,000 customers; GET /api/instances and
// /api/instances/stats of a customer with 200 instances, measured with autocannon against a bare Fastify
// route running the same SQL with pg and nothing of ours (no auth, envelope, zod, rate limit, mapping),
// for a full answer (a first load) and for a 304 poll (ours decided by the version, the bare route's by
// hashing its answer). Run: npm run bench (both benches) or npm run bench -- instances.
// BENCH_SECONDS (default 10) per measurement, taken in BENCH_ROUNDS (default 5) turns alternating with
// the bare route's so that load from elsewhere falls on both; BENCH_CONNECTIONS (default 10), and the 304
// poll again at BENCH_BUSY_CONNECTIONS (default 50) for its p99, next to the machine's own floor there
// (the bare server answering 304 without a query); BENCH_EXPLAIN=1 prints the plans. The app runs as in production
// (NODE_ENV=production: answers written by the compiled serializers, without zod's per-answer check).

import { createHash } from 'node:crypto';
import autocannon from 'autocannon';
import { eq, fillPlaceholders, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import { createAdapters } from '../src/adapters';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase, type Database } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { startJobQueue } from '../src/jobs/queue';
import { allJobs } from '../src/jobs/registry';
import { customers } from '../src/modules/auth/auth.tables';
import { loadCatalogue } from '../src/modules/catalogue/catalogue.loader';
import { CLOCK_BUCKET_MS, versionQuery } from '../src/modules/instances/instance-version';
import { instancePageStatement, instanceStatsStatement } from '../src/modules/instances/instances.repository';
import { freePort } from '../test/global-setup';
import { scratchDatabase } from './bench-database';

const CUSTOMERS = 10_000;
const INSTANCES = 100_000;
const OURS = 200;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BUSY_CONNECTIONS = Number(process.env.BENCH_BUSY_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const count = (n: number) => Math.round(n).toLocaleString('en-US');

/** 9,999 customers with 99,800 instances between them, each instance with its hourly billable item. */
async function seed(db: Database, customerId: number) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO customers (email, password_hash, fullname)
      SELECT 'bench-' || g || '@example.com', 'not-a-hash', 'Bench customer ' || g
      FROM generate_series(1, ${CUSTOMERS - 1}) g`);
    // Ours get 200, the others the rest round-robin; inserted_at spread over a year, with ties.
    await tx.execute(sql`
      WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM customers WHERE id <> ${customerId}),
      r AS (SELECT array_agg(id ORDER BY id) AS ids FROM regions)
      INSERT INTO instances (customer_id, order_id, hostname, lifecycle, status, network_status, plan_class,
        plan_name, region_id, os_id, os_family, os_name, vcpu_count, ram_mb, disk_gb, bandwidth_tb,
        extra_resource, feature_ids, assign_ipv4, assign_ipv6, main_ip, netmask_v_4, gateway_v_4,
        billing_cycle, inserted_at, started_at)
      SELECT CASE WHEN g <= ${OURS} THEN ${customerId} ELSE c.ids[(g - 1) % cardinality(c.ids) + 1] END,
        'bench-order-' || g, 'bench-' || g, 'ready',
        CASE WHEN g % 10 = 0 THEN 'shutdown' ELSE 'active' END, 'active', 'default', 'Bench plan',
        r.ids[g % cardinality(r.ids) + 1], 1, 'ubuntu', 'Ubuntu 24.04', 1, 1024, 25, 1,
        '{"cpu":0,"ramInGB":0,"diskInGB":0,"bandwidthInTB":0}'::jsonb, '[]'::jsonb, true, false,
        '10.' || (g >> 16) % 256 || '.' || (g >> 8) % 256 || '.' || g % 256, '255.255.255.0', '10.0.0.1',
        'hourly', timestamptz '2026-01-01' + (g / 3) * interval '5 minutes', timestamptz '2026-01-01'
      FROM generate_series(1, ${INSTANCES}) g, c, r`);
    await tx.execute(sql`
      INSERT INTO billable_items (customer_id, resource_type, resource_id, instance_id, description,
        billing_cycle, monthly_price, unit_price, status, started_at)
      SELECT customer_id, 'instance', id::text, id, 'VPS ' || hostname, 'hourly', 7300000, 10000, 'active',
        inserted_at
      FROM instances`);
    await tx.execute(sql`
      UPDATE instances i SET billable_item_id = b.id FROM billable_items b WHERE b.instance_id = i.id`);
  });
  await db.execute(sql`VACUUM ANALYZE`);
}

/** The measured customer signs up through the API, so its access token is a real one. */
async function signUpForBench(base: string, db: Database) {
  const email = `bench-owner-${process.pid}@example.com`;
  const res = await fetch(`${base}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullname: 'Bench Owner', email, password: 'correct-horse!1', acceptTerms: true }),
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const { accessToken } = ((await res.json()) as { data: { accessToken: string } }).data;
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.email, email));
  return { id: row!.id, accessToken };
}

interface Measure {
  rps: number;
  p99: number;
  statuses: Record<string, number>;
}

async function measure(
  url: string,
  headers: Record<string, string>,
  connections = CONNECTIONS,
  duration = SECONDS,
): Promise<Measure> {
  const result = await autocannon({ url, connections, duration, headers });
  const statuses: Record<string, number> = {};
  for (const k of ['1xx', '2xx', '3xx', '4xx', '5xx'] as const) if (result[k]) statuses[k] = result[k];
  return { rps: result.requests.average, p99: result.latency.p99, statuses };
}

/**
 * Ours and the bare route in turns of SECONDS / ROUNDS each, so load from elsewhere on the machine
 * (other builds and tests) falls on both alike: request rates averaged over the turns, p99 their median.
 */
async function measurePair(
  ours: [string, Record<string, string>],
  bare: [string, Record<string, string>],
  connections: number,
): Promise<[Measure, Measure]> {
  const turns: [Measure[], Measure[]] = [[], []];
  for (let i = 0; i < ROUNDS; i++)
    for (const [k, [url, headers]] of [ours, bare].entries())
      turns[k]!.push(await measure(url, headers, connections, SECONDS / ROUNDS));
  const merged = (all: Measure[]): Measure => ({
    rps: all.reduce((sum, m) => sum + m.rps, 0) / all.length,
    p99: all.map((m) => m.p99).sort((a, b) => a - b)[Math.floor(all.length / 2)]!,
    statuses: Object.assign({}, ...all.map((m) => m.statuses)),
  });
  return [merged(turns[0]), merged(turns[1])];
}

const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** The floor: Fastify with one route that runs the given SQL with pg, JSON of the rows, ETag and 304. */
async function bareServer(
  db: Database,
  queries: Record<string, { sql: string; params: unknown[] }>,
  version: { sql: string; params: unknown[] },
) {
  const app = Fastify();
  for (const [path, query] of Object.entries(queries)) {
    app.get(path, async (request, reply) => {
      const { rows } = await db.$client.query(query.sql, query.params);
      const body = JSON.stringify(rows);
      const etag = etagOf(body);
      reply.header('etag', etag).header('content-type', 'application/json');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return body;
    });
  }
  app.get('/empty', async (_request, reply) => reply.code(304).send());
  // A poll's least: one named statement (our version read's), then 304.
  app.get('/version', async (_request, reply) => {
    await db.$client.query({ name: 'bench_version', text: version.sql, values: version.params });
    return reply.code(304).send();
  });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${port}` };
}

async function main() {
  const scratch = await scratchDatabase();
  const { db, pool } = createDatabase(scratch.url, 20);
  let exitCode = 0;
  try {
    await runMigrations(db);
    // Production, as measured: answers are written by the compiled serializers without zod's check.
    const config = loadConfig(
      { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: scratch.url },
      { RATE_LIMIT_GLOBAL_MAX: 1_000_000_000, RATE_LIMIT_AUTH_MAX: 1_000 },
    );
    await loadCatalogue(db, config.CATALOGUE_FILE);
    // The queue's schema must exist (sign-up queues a mail); no workers run during the measurement.
    const adapters = createAdapters({ config, db: db });
    const queue = await startJobQueue({
      connectionString: scratch.url,
      jobs: allJobs({ config, db, ...adapters }),
      runWorkers: false,
      log: { info: () => {}, error: () => {} },
    });
    const app = await buildApp({ config, db, ...adapters, jobs: queue.queue });
    const port = await freePort();
    await app.listen({ port, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${port}`;
    const customer = await signUpForBench(base, db);

    const started = performance.now();
    await seed(db, customer.id);
    const version = (await pool.query('SHOW server_version')).rows[0].server_version;
    console.log(
      `PostgreSQL ${version}. Seeded ${count(INSTANCES)} instances over ${count(CUSTOMERS)} customers ` +
        `(${OURS} for the measured one) in ${count(performance.now() - started)} ms.`,
    );

    const filter = { customerId: customer.id, accountSuspended: false };
    const versionText = new PgDialect({ casing: 'snake_case' }).sqlToQuery(versionQuery('api_token'));
    const versionSql = {
      sql: versionText.sql,
      params: fillPlaceholders(versionText.params, { customerId: customer.id }),
    };
    const bare = await bareServer(
      db,
      {
        '/instances': instancePageStatement(db, filter, null, 10),
        '/instances/stats': instanceStatsStatement(customer.id, false),
      },
      versionSql,
    );
    const first = instancePageStatement(db, filter, null, 10);
    const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${first.sql}`, first.params);
    // A later page too: the bookmark's row comparison must be an index condition, not a filter.
    const [middle] = (
      await pool.query(
        `SELECT id, ((extract(epoch from inserted_at) * 1000000)::bigint)::text AS micros FROM instances
         WHERE customer_id = $1 ORDER BY inserted_at DESC, id DESC OFFSET 100 LIMIT 1`,
        [customer.id],
      )
    ).rows;
    const later = instancePageStatement(db, filter, { micros: middle.micros, id: middle.id }, 10);
    const laterPlan = await pool.query(`EXPLAIN ${later.sql}`, later.params);
    const usesIndex =
      [...plan.rows, ...laterPlan.rows].filter((r) =>
        String(r['QUERY PLAN']).includes('instances_customer_list_idx'),
      ).length === 2;
    if (process.env.BENCH_EXPLAIN) for (const r of laterPlan.rows) console.log(r['QUERY PLAN']);
    console.log(
      `List plans (first and later page) use instances_customer_list_idx: ${usesIndex ? 'yes' : 'NO'}`,
    );
    if (process.env.BENCH_EXPLAIN) {
      for (const r of plan.rows) console.log(r['QUERY PLAN']);
      const version = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${versionSql.sql}`, versionSql.params);
      for (const r of version.rows) console.log(r['QUERY PLAN']);
      // Warm server-side time of each statement, one connection, in turn.
      const statements = {
        version: versionSql,
        list: first,
        stats: instanceStatsStatement(customer.id, false),
      };
      for (const [name, q] of Object.entries(statements)) {
        const times: number[] = [];
        for (let i = 0; i < 50; i++) {
          const res = await pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${q.sql}`, q.params);
          times.push(res.rows[0]['QUERY PLAN'][0]['Execution Time']);
        }
        times.sort((a, b) => a - b);
        console.log(`${name} statement: median ${times[25]?.toFixed(3)} ms execution`);
      }
      const client = await pool.connect();
      await client.query('SET enable_sort = off');
      const forced = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${first.sql}`, first.params);
      client.release(true);
      for (const r of forced.rows) console.log(r['QUERY PLAN']);
    }
    const auth = { 'x-token': customer.accessToken };

    console.log(
      `\nautocannon, ${CONNECTIONS} connections, ${SECONDS} s each in ${ROUNDS} turns alternating with bare:\n\n` +
        '| Request | Nimbus req/s | Nimbus p99 | bare req/s | bare p99 | Nimbus ÷ bare (req/s) |\n' +
        '| --- | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const path of ['/instances', '/instances/stats']) {
      const ours = await fetch(`${base}/api${path}`, { headers: auth });
      const theirs = await fetch(`${bare.base}${path}`);
      if (ours.status !== 200 || theirs.status !== 200)
        throw new Error(`${path}: ${ours.status}/${theirs.status}`);
      const ourTag = ours.headers.get('etag') ?? '';
      const bareTag = theirs.headers.get('etag') ?? '';
      const rows: [string, Record<string, string>, Record<string, string>, number][] = [
        [`GET ${path}`, {}, {}, CONNECTIONS],
        [`GET ${path} (304 poll)`, { 'if-none-match': ourTag }, { 'if-none-match': bareTag }, CONNECTIONS],
      ];
      if (path === '/instances')
        rows.push([
          `GET ${path} (304 poll, ${BUSY_CONNECTIONS} connections)`,
          { 'if-none-match': ourTag },
          { 'if-none-match': bareTag },
          BUSY_CONNECTIONS,
        ]);
      for (const [label, extra, bareExtra, connections] of rows) {
        if (extra['if-none-match']) {
          // Tags name a clock bucket too (CLOCK_BUCKET_MS): start where the whole run fits in one, with a
          // fresh tag, so every poll is a 304 as it is between two real changes.
          const left = CLOCK_BUCKET_MS - (Date.now() % CLOCK_BUCKET_MS);
          if (left < (2 * SECONDS + 5) * 1000) await new Promise((r) => setTimeout(r, left + 100));
          const fresh = await fetch(`${base}/api${path}`, { headers: auth });
          extra['if-none-match'] = fresh.headers.get('etag') ?? '';
        }
        const [n, b] = await measurePair(
          [`${base}/api${path}`, { ...auth, ...extra }],
          [`${bare.base}${path}`, { ...bareExtra }],
          connections,
        );
        const expected = label.includes('304') ? '3xx' : '2xx';
        for (const [who, m] of [
          ['Nimbus', n],
          ['bare', b],
        ] as const)
          if (Object.keys(m.statuses).some((k) => k !== expected)) {
            console.error(`${label} ${who}: unexpected statuses ${JSON.stringify(m.statuses)}`);
            exitCode = 1;
          }
        console.log(
          `| ${label} | ${count(n.rps)} | ${n.p99} ms | ${count(b.rps)} | ${b.p99} ms | ${(n.rps / b.rps).toFixed(2)} |`,
        );
      }
    }
    // The floor of any signed-in route of ours (rate limit, session check, envelope) on an empty answer.
    const floor = await measure(`${base}/api/ssh-keys`, auth);
    console.log(
      `\nFloor of a signed-in Nimbus route (GET /api/ssh-keys, no keys): ${count(floor.rps)} req/s, p99 ${floor.p99} ms.`,
    );
    // What the machine allows at all at BUSY_CONNECTIONS: the bare server answering 304 with no query, and
    // after the one statement a poll needs. By Little's law the mean latency is connections ÷ throughput,
    // and a p99 is above the mean. The app, the bare server and autocannon share one Node.js thread.
    for (const [what, path] of [
      ['bare 304, no query', '/empty'],
      ['bare 304 after one named statement, our version read', '/version'],
    ]) {
      const m = await measure(`${bare.base}${path}`, {}, BUSY_CONNECTIONS);
      console.log(
        `Floor at ${BUSY_CONNECTIONS} connections (${what}): ${count(m.rps)} req/s, p99 ${m.p99} ms; ` +
          `mean latency by Little's law ${((BUSY_CONNECTIONS / m.rps) * 1000).toFixed(1)} ms.`,
      );
    }
    await bare.app.close();
    await app.close();
    await queue.stop();
  } finally {
    await pool.end();
    await scratch.drop();
  }
  process.exit(exitCode);
}

main().catch((error) => {
  const cause = (error as { cause?: unknown }).cause;
  console.error(`Benchmark failed: ${String(cause ?? error)}`);
  process.exit(1);
});
