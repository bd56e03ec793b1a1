import { rmSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';
import { repoRoot } from '../src/paths';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDatabase: string;
  }
}

interface SharedServer {
  adminUrl: string;
  templateDatabase: string;
  users: number;
  stop: () => Promise<void>;
}
/**
 * Both projects of the config (mocking and shared, see vitest.config.ts) call this setup in the one
 * vitest process; they share one server and one template, and the last teardown stops it.
 */
const shared = globalThis as { nimbusTestServer?: Promise<SharedServer> };

/**
 * Migrates one template database per run; each test file clones it (immich's approach).
 * TEST_DATABASE_URL points at an external server; otherwise an embedded PostgreSQL runs for the suite.
 */
export default async function setup(project: TestProject) {
  shared.nimbusTestServer ??= startServer();
  const server = await shared.nimbusTestServer;
  server.users += 1;
  project.provide('adminUrl', server.adminUrl);
  project.provide('templateDatabase', server.templateDatabase);
  return async () => {
    server.users -= 1;
    if (server.users > 0) return;
    shared.nimbusTestServer = undefined;
    await server.stop();
  };
}

async function startServer(): Promise<SharedServer> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | null = null;
  if (!adminUrl) {
    // A throw-away server per run, in its own folder on a free port, so parallel runs never collide.
    const dir = join(repoRoot, '.data', `test-postgres-${process.pid}`);
    rmSync(dir, { recursive: true, force: true });
    const embedded = await startEmbeddedPostgres({ dir, port: await freePort(), database: 'postgres' });
    adminUrl = embedded.adminUrl;
    stopEmbedded = async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const templateDatabase = `nimbus_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${templateDatabase}`);
  await admin.query(`CREATE DATABASE ${templateDatabase}`);
  const { db, pool } = createDatabase(withDatabase(adminUrl, templateDatabase), 2);
  await runMigrations(db);
  await pool.end();

  const stop = async () => {
    const leftovers = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'nimbus_test_${process.pid}_%' OR datname = $1`,
      [templateDatabase],
    );
    for (const { datname } of leftovers.rows)
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    if (stopEmbedded) await stopEmbedded();
  };
  return { adminUrl, templateDatabase, users: 0, stop };
}

/** A free TCP port on 127.0.0.1 (the bench starts its own server the same way). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
