import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Database = ReturnType<typeof createDatabase>['db'];
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Tx;

// numeric and bigint come back as strings; money code parses them explicitly, never as floats.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export function createDatabase(url: string, max = 10) {
  const pool = new pg.Pool({ connectionString: url, max, application_name: 'nimbus' });
  pool.on('error', () => {
    // idle client errors (server restart) are surfaced on the next query; don't crash the process.
  });
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { db, pool };
}
