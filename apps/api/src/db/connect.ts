import { join } from 'node:path';
import type { Config } from '../config';
import { createDatabase } from './client';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded';
import { runMigrations } from './migrate';

/** Opens the configured database (or starts the embedded one) and applies pending migrations. */
export async function connectDatabase(config: Config, log: (msg: string) => void) {
  let embedded: EmbeddedDatabase | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    const dir = join(config.DATA_DIR, 'postgres');
    log(`Starting embedded PostgreSQL in ${dir} on port ${config.EMBEDDED_PG_PORT}`);
    embedded = await startEmbeddedPostgres({
      dir,
      port: config.EMBEDDED_PG_PORT,
      database: 'nimbus',
      notice: log,
    });
    url = embedded.url;
  }
  const { db, pool } = createDatabase(url);
  await runMigrations(db);
  return {
    db,
    pool,
    url,
    async close() {
      await pool.end();
      if (embedded) await embedded.stop();
    },
  };
}
