import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { migrationsDir } from '../paths';
import type { Database } from './client';

// Any number of API and worker processes may start at once; one migrates while the others wait.
const MIGRATION_LOCK = 727_272;

export async function runMigrations(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await migrate(tx as unknown as Database, { migrationsFolder: migrationsDir });
  });
}
