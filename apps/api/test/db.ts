import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase } from '../src/db/client';
import { withDatabase } from './global-setup';

/** A fresh database for one test file, cloned from the migrated template. */
export async function createTestDatabase() {
  const adminUrl = inject('adminUrl');
  const template = inject('templateDatabase');
  const name = `nimbus_test_${template.split('_').pop()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const { db, pool } = createDatabase(url, 5);
  return {
    db,
    pool,
    url,
    async drop() {
      await pool.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
