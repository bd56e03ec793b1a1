// The backup scheduler at scale (issue 13): finding the due backups among 100,000 instances with backups
// enabled (one query on the partial index of active profiles by due time), next to a bare statement that
// runs the same SQL as text, the same rows found without the index, and the plan PostgreSQL chooses.
// Run: npm run bench -- backups. BENCH_QUERIES (default 300) queries per measurement.

import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { dueProfilesQuery } from '../src/modules/backups/backup-scheduler';
import { loadCatalogue } from '../src/modules/catalogue/catalogue.loader';
import { scratchDatabase } from './bench-database';
import { ms, timeQueries } from './query-timing';
import { seedRunningInstances } from './seed-instances';

const PROFILES = 100_000;
const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);

const time = (run: () => Promise<unknown>) => timeQueries(run, QUERIES);

async function main() {
  const scratch = await scratchDatabase();
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: scratch.url });
  const { db, pool } = createDatabase(scratch.url);
  try {
    await runMigrations(db);
    await loadCatalogue(db, config.CATALOGUE_FILE);
    console.log(`Seeding ${PROFILES.toLocaleString('en-US')} instances with backups enabled…`);
    await seedRunningInstances(db, PROFILES);
    // Due times spread over a week; one in ten profiles disabled (kept for their files).
    await db.execute(sql`
      INSERT INTO backup_profiles (customer_id, instance_id, status, schedule_frequency, schedule_week_days,
        period_id, next_due_at)
      SELECT customer_id, id, CASE WHEN id % 10 = 0 THEN 'disabled' ELSE 'active' END, 'daily', NULL, 1,
        CASE WHEN id % 10 = 0 THEN NULL ELSE now() + make_interval(secs => (id * 6.048) - 3600) END
      FROM instances`);
    await db.execute(sql`ANALYZE backup_profiles`);
    const now = new Date();
    const due = await dueProfilesQuery(db, now);
    const ours = await time(() => dueProfilesQuery(db, now));
    const bare = await time(() =>
      db.execute(sql`SELECT id FROM backup_profiles
        WHERE status = 'active' AND next_due_at <= ${now.toISOString()}::timestamptz
        ORDER BY next_due_at LIMIT 500`),
    );
    // What the index saves: the same rows found by reading every profile and sorting the due ones.
    const scan = await time(() =>
      db.execute(sql`SELECT id FROM backup_profiles
        WHERE status = 'active' AND next_due_at + interval '0' <= ${now.toISOString()}::timestamptz
        ORDER BY next_due_at + interval '0' LIMIT 500`),
    );
    const plan = await db.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN SELECT id FROM backup_profiles
      WHERE status = 'active' AND next_due_at <= ${now.toISOString()}::timestamptz ORDER BY next_due_at LIMIT 500`);
    console.log(
      `\nDue backups among ${PROFILES.toLocaleString('en-US')} profiles (${due.length} due in the batch)`,
    );
    console.log('| query | p50 | p99 |\n|---|---|---|');
    console.log(
      `| ours: the scheduler's query (partial index by due time) | ${ms(ours.p50)} | ${ms(ours.p99)} |`,
    );
    console.log(`| bare: the same SQL sent as text | ${ms(bare.p50)} | ${ms(bare.p99)} |`);
    console.log(`| without the index: every profile read and sorted | ${ms(scan.p50)} | ${ms(scan.p99)} |`);
    console.log(
      `ratio ours/bare (p50): ${(ours.p50 / bare.p50).toFixed(2)}×; index/scan: ${(bare.p50 / scan.p50).toFixed(3)}×`,
    );
    console.log(`plan: ${plan.rows.map((r) => r['QUERY PLAN'].trim()).join(' / ')}`);
  } finally {
    await pool.end();
    await scratch.drop();
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
