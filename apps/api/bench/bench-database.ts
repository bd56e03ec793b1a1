// Scratch databases for the benches: on TEST_DATABASE_URL / DATABASE_URL's server when set (the user needs
// CREATEDB), otherwise on a throw-away embedded PostgreSQL in a temporary folder. Dropped afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { freePort, withDatabase } from '../test/global-setup';

/** A server to create the scratch database on, and how to stop it afterwards. */
export async function benchServer(): Promise<{ adminUrl: string; stop(): Promise<void> }> {
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

export async function adminQuery(adminUrl: string, text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Creates `nimbus_bench_<pid>` on the bench server and returns its URL (statements time out after
 * BENCH_STATEMENT_TIMEOUT_SECONDS, default 600, so a plan gone wrong ends the run instead of hanging it)
 * and how to drop it and stop the server.
 */
export async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = await benchServer();
  const name = `nimbus_bench_${process.pid}`;
  const timeout = Number(process.env.BENCH_STATEMENT_TIMEOUT_SECONDS ?? 600) * 1000;
  await adminQuery(server.adminUrl, `CREATE DATABASE ${name}`);
  return {
    url: `${withDatabase(server.adminUrl, name)}?options=${encodeURIComponent(`-c statement_timeout=${timeout}`)}`,
    async drop() {
      await adminQuery(server.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await server.stop();
    },
  };
}
