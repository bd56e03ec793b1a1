// npm run fuzz -- --requests 20000 --seed 7: the fuzz of `npm test`, longer. Builds the API in-process on a
// scratch database (TEST_DATABASE_URL / DATABASE_URL's server, or a throw-away embedded PostgreSQL, as the
// benches do), prints answers by operation and status, and exits 1 on any 5xx or answer outside the envelope.

import type net from 'node:net';
import { parseArgs } from 'node:util';
import { scratchDatabase } from '../../bench/bench-database';
import { createAdapters } from '../../src/adapters';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDatabase } from '../../src/db/client';
import { runMigrations } from '../../src/db/migrate';
import { startJobQueue } from '../../src/jobs/queue';
import { allJobs } from '../../src/jobs/registry';
import { loadCatalogue } from '../../src/modules/catalogue/catalogue.loader';
import { verifiedCustomerWithCredit } from './customer';
import { fuzzApp, fuzzLimits, fuzzRawSocket, fuzzTable } from './runner';

const MIN_PER_OPERATION = 40;

async function main() {
  const { values } = parseArgs({
    options: { requests: { type: 'string', default: '10000' }, seed: { type: 'string', default: '1' } },
  });
  const requests = Number(values.requests);
  const seed = Number(values.seed);
  if (!Number.isInteger(requests) || requests < 1 || !Number.isInteger(seed)) {
    console.error('Usage: npm run fuzz -- [--requests N] [--seed S]   (whole numbers)');
    process.exit(2);
  }
  const scratch = await scratchDatabase();
  const { db, pool } = createDatabase(scratch.url, 10);
  let wrong = 0;
  try {
    await runMigrations(db);
    const config = loadConfig(
      { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: scratch.url },
      fuzzLimits,
    );
    await loadCatalogue(db, config.CATALOGUE_FILE);
    const adapters = createAdapters({ config, db: db });
    const queue = await startJobQueue({
      connectionString: scratch.url,
      jobs: allJobs({ config, db, ...adapters }),
      runWorkers: false,
      log: { info: () => {}, error: () => {} },
    });
    const app = await buildApp({ config, db, ...adapters, jobs: queue.queue });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const operations = Object.values(
      (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths as object,
    ).reduce((n: number, item) => n + Object.keys(item).length, 0);
    const perOperation = Math.max(MIN_PER_OPERATION, Math.ceil(requests / operations));
    console.log(`Fuzzing ${operations} operations × ${perOperation} requests, seed ${seed}`);
    const started = Date.now();
    const answers = await fuzzApp({
      app,
      seed,
      perOperation,
      customer: () => verifiedCustomerWithCredit(app, db),
      onOperation: (operation, mine) => {
        const bad = mine.filter((a) => a.problem).length;
        console.log(`  ${operation}: ${mine.length} requests${bad ? `, ${bad} WRONG` : ''}`);
      },
    });
    answers.push(...(await fuzzRawSocket((app.server.address() as net.AddressInfo).port)));
    console.log(`\n${fuzzTable(answers)}\n`);
    const problems = answers.filter((a) => a.problem);
    wrong = problems.length;
    for (const p of problems.slice(0, 30)) console.log(JSON.stringify(p));
    console.log(
      `${answers.length} requests in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
        `${wrong === 0 ? 'no 5xx, every answer the envelope' : `${wrong} wrong answers`} (seed ${seed}).`,
    );
    await app.close();
    await queue.stop();
  } finally {
    await pool.end();
    await scratch.drop();
  }
  process.exit(wrong === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(`Fuzz run failed: ${String((error as { cause?: unknown }).cause ?? error)}`);
  process.exit(1);
});
