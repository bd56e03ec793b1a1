import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appSecrets } from '../db/core.tables';

/**
 * Returns the named secret, generating it on first use. The insert races safely between processes:
 * whoever loses reads the winner's value.
 */
export async function getOrCreateSecret(db: Database, name: string, bytes = 48): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(bytes).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`Secret ${name} could not be created`);
  return row.value;
}
