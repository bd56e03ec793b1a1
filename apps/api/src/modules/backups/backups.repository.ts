import {
  type AppConfig,
  type BackupFile,
  type BackupProfile,
  backupMonthlyFee,
  fromMicros,
} from '@nimbus/contract';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { backupFiles, backupProfiles } from './backups.tables';

export type BackupProfileRow = typeof backupProfiles.$inferSelect;
export type BackupFileRow = typeof backupFiles.$inferSelect;

export async function findProfile(db: DbOrTx, instanceId: number): Promise<BackupProfileRow | null> {
  const [row] = await db.select().from(backupProfiles).where(eq(backupProfiles.instanceId, instanceId));
  return row ?? null;
}

/** The profile locked for the rest of the transaction. */
export async function lockProfile(db: DbOrTx, instanceId: number): Promise<BackupProfileRow | null> {
  const [row] = await db
    .select()
    .from(backupProfiles)
    .where(eq(backupProfiles.instanceId, instanceId))
    .for('update');
  return row ?? null;
}

/** Files not deleted, newest first. */
export async function liveFiles(db: DbOrTx, instanceIds: number[]): Promise<BackupFileRow[]> {
  if (instanceIds.length === 0) return [];
  return db
    .select()
    .from(backupFiles)
    .where(and(inArray(backupFiles.instanceId, instanceIds), isNull(backupFiles.deletedAt)))
    .orderBy(desc(backupFiles.createdAt), desc(backupFiles.id));
}

export async function findFile(db: DbOrTx, customerId: number, id: number): Promise<BackupFileRow | null> {
  const [row] = await db
    .select()
    .from(backupFiles)
    .where(
      and(eq(backupFiles.id, id), eq(backupFiles.customerId, customerId), isNull(backupFiles.deletedAt)),
    );
  return row ?? null;
}

export async function listProfiles(db: DbOrTx, customerId: number): Promise<BackupProfileRow[]> {
  return db
    .select()
    .from(backupProfiles)
    .where(eq(backupProfiles.customerId, customerId))
    .orderBy(desc(backupProfiles.createdAt));
}

export const toBackupFile = (row: BackupFileRow): BackupFile => ({
  id: row.id,
  instanceId: row.instanceId,
  createdAt: row.createdAt.toISOString(),
  status: row.status,
  size: row.sizeMb,
});

/** The profile as the panel reads it; `instanceMonthly` is the instance's price the fee is a share of. */
export function toBackupProfile(
  row: BackupProfileRow,
  files: BackupFileRow[],
  appConfig: Pick<AppConfig, 'backupConfigs'>,
  instanceMonthly: number,
): BackupProfile {
  const { feePercentage, maxFiles } = appConfig.backupConfigs;
  return {
    instanceId: row.instanceId,
    status: row.status,
    scheduleFrequency: row.scheduleFrequency,
    scheduleWeekDays: row.scheduleWeekDays,
    periodId: row.periodId,
    monthlyPrice: fromMicros(backupMonthlyFee(instanceMonthly, feePercentage)),
    feePercentage,
    maxFiles,
    lastSuccessfulBackupTime: row.lastSuccessfulBackupAt?.toISOString() ?? null,
    nextBackupAt: row.status === 'active' ? (row.nextDueAt?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    purgeAt: row.purgeAt?.toISOString() ?? null,
    backupFiles: files.filter((f) => f.instanceId === row.instanceId).map(toBackupFile),
  };
}

/** The driver's name of a backup file (kept after deletion, for instances built from it). */
export async function backupImageRef(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db
    .select({ imageRef: backupFiles.imageRef })
    .from(backupFiles)
    .where(eq(backupFiles.id, id));
  return row?.imageRef ?? null;
}
