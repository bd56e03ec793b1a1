import { isStableInstanceStatus } from '@nimbus/contract';
import { and, asc, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { logActivity } from '../activity-log/activity-log.service';
import { loadAppConfig } from '../catalogue/app-config';
import { type Hypervisor, type OperationState, serverRef } from '../compute/hypervisor';
import { instanceFacts } from '../instances/instance-lifecycles';
import { notify } from '../notifications/notify';
import { disableProfile, nextDueOf } from './backups.service';
import { backupFiles, backupProfiles } from './backups.tables';

const BATCH = 500;

/**
 * Profiles whose backup is due, oldest first: one query on the partial index of active profiles by
 * due time (`npm run bench -- backups` measures it over 100,000 instances).
 */
export const dueProfilesQuery = (db: Database, now: Date, limit = BATCH) =>
  db
    .select({ id: backupProfiles.id })
    .from(backupProfiles)
    .where(and(eq(backupProfiles.status, 'active'), lte(backupProfiles.nextDueAt, now)))
    .orderBy(asc(backupProfiles.nextDueAt))
    .limit(limit);

/**
 * Starts the backups that are due. Each profile is handled in its own transaction under its row lock (a
 * locked one is another runner's): the driver starts copying the disk under a name made of the profile
 * and the due time, the file is recorded as being taken with the driver's operation, and the next due
 * time is set — all or nothing, so a crash before the commit makes the next run ask for that same backup
 * again under the same name (the driver answers the same operation), never a second one.
 * `followBackupOperations` settles the file when the operation ends.
 */
export async function takeDueBackups(deps: { db: Database; hypervisor: Hypervisor }, now = new Date()) {
  const { db, hypervisor } = deps;
  const appConfig = await loadAppConfig(db);
  let taken = 0;
  for (;;) {
    const due = await dueProfilesQuery(db, now);
    for (const { id } of due) {
      await db.transaction(async (tx) => {
        const [profile] = await tx
          .select()
          .from(backupProfiles)
          .where(
            and(
              eq(backupProfiles.id, id),
              eq(backupProfiles.status, 'active'),
              lte(backupProfiles.nextDueAt, now),
            ),
          )
          .for('update', { skipLocked: true });
        if (!profile?.nextDueAt) return;
        const fact = (await instanceFacts(tx, [profile.instanceId])).get(profile.instanceId);
        // The instance is gone or going: backups stop with it, and its files go after 72 hours.
        if (
          !fact ||
          fact.lifecycle === 'deleting' ||
          fact.lifecycle === 'deleted' ||
          fact.lifecycle === 'failed'
        ) {
          await disableProfile(tx, profile, now);
          return;
        }
        const dueAt = profile.nextDueAt;
        const imageRef = `backup-${profile.id}-${dueAt.getTime()}`;
        let outcome: { operationId: string } | { failure: string };
        if (fact.lifecycle !== 'ready' || !isStableInstanceStatus(fact.status)) {
          outcome = { failure: `The instance was ${fact.status} at the scheduled time.` };
        } else {
          outcome = await hypervisor
            .takeBackup(serverRef(profile.instanceId), imageRef)
            .then((handle) => ({ operationId: handle.id }))
            .catch((error: unknown) => ({ failure: error instanceof Error ? error.message : String(error) }));
        }
        const operationId = 'operationId' in outcome ? outcome.operationId : null;
        const failure = 'failure' in outcome ? outcome.failure : null;
        const started = operationId !== null;
        await tx
          .insert(backupFiles)
          .values({
            customerId: profile.customerId,
            instanceId: profile.instanceId,
            profileId: profile.id,
            imageRef,
            status: started ? 'taking' : 'failed',
            operationId,
            failure,
            createdAt: now,
          })
          .onConflictDoNothing();
        await tx
          .update(backupProfiles)
          .set({ nextDueAt: nextDueOf(appConfig, profile, now > dueAt ? now : dueAt), updatedAt: now })
          .where(eq(backupProfiles.id, profile.id));
        if (!started) {
          await logActivity(tx, {
            customerId: profile.customerId,
            event: 'instance_backup_failed',
            data: { hostname: fact.hostname },
            instanceId: profile.instanceId,
            mainIp: fact.mainIp,
          });
          await notify(tx, profile.customerId, 'backup_failed', {
            subject: imageRef,
            data: { hostname: fact.hostname, instanceId: profile.instanceId },
          });
        }
        taken++;
      });
    }
    if (due.length < BATCH) return taken;
  }
}

/**
 * Deletes backup images at the driver and marks their files deleted, in the caller's transaction.
 * Deleting an image twice is harmless (the driver contract): a crash here repeats it safely.
 */
async function deleteFiles(
  tx: Tx,
  hypervisor: Hypervisor,
  files: { id: number; imageRef: string }[],
  now: Date,
) {
  for (const file of files) await hypervisor.deleteBackup(file.imageRef);
  if (files.length === 0) return;
  await tx
    .update(backupFiles)
    .set({ deletedAt: now })
    .where(
      inArray(
        backupFiles.id,
        files.map((f) => f.id),
      ),
    );
}

/** Deletes the stored files of backups disabled 72 hours ago or more. */
export async function purgeDisabledBackups(deps: { db: Database; hypervisor: Hypervisor }, now = new Date()) {
  const { db, hypervisor } = deps;
  const due = await db
    .select({ id: backupProfiles.id, instanceId: backupProfiles.instanceId })
    .from(backupProfiles)
    .where(and(eq(backupProfiles.status, 'disabled'), lte(backupProfiles.purgeAt, now)));
  for (const profile of due) {
    await db.transaction(async (tx) => {
      const files = await tx
        .select({ id: backupFiles.id, imageRef: backupFiles.imageRef })
        .from(backupFiles)
        .where(and(eq(backupFiles.instanceId, profile.instanceId), isNull(backupFiles.deletedAt)))
        .for('update');
      await deleteFiles(tx, hypervisor, files, now);
      await tx
        .update(backupProfiles)
        .set({ purgeAt: null, updatedAt: now })
        .where(eq(backupProfiles.id, profile.id));
    });
  }
  return due.length;
}

/**
 * Settles the files whose driver operation ended. A backup taken becomes a file to restore (the oldest
 * beyond the catalogue's `maxFiles` are deleted) or a failed one; a restore makes its file a backup again
 * either way. Each file is settled under its row lock with its log entry, so a repeated run changes nothing.
 */
export async function followBackupOperations(
  deps: { db: Database; hypervisor: Hypervisor },
  now = new Date(),
) {
  const { db, hypervisor } = deps;
  const appConfig = await loadAppConfig(db);
  const open = await db
    .select({ id: backupFiles.id, operationId: backupFiles.operationId })
    .from(backupFiles)
    .where(and(inArray(backupFiles.status, ['taking', 'restoring']), isNull(backupFiles.deletedAt)));
  for (const { id, operationId } of open) {
    const state = operationId
      ? await hypervisor
          .operation(operationId)
          .catch((): OperationState => ({ state: 'failed', reason: 'lost' }))
      : ({ state: 'failed', reason: 'No operation was recorded.' } as OperationState);
    if (state.state === 'running') continue;
    await db.transaction(async (tx) => {
      const [file] = await tx.select().from(backupFiles).where(eq(backupFiles.id, id)).for('update');
      if (!file || (file.status !== 'taking' && file.status !== 'restoring')) return;
      const fact = (await instanceFacts(tx, [file.instanceId])).get(file.instanceId);
      const ok = state.state === 'succeeded';
      const log = (
        event:
          | 'instance_backup_taken'
          | 'instance_backup_failed'
          | 'instance_backup_restored'
          | 'instance_backup_restore_failed',
      ) =>
        logActivity(tx, {
          customerId: file.customerId,
          event,
          data: { hostname: fact?.hostname ?? '' },
          instanceId: file.instanceId,
          mainIp: fact?.mainIp ?? null,
        });
      if (file.status === 'restoring') {
        await tx
          .update(backupFiles)
          .set({ status: 'active', operationId: null })
          .where(eq(backupFiles.id, id));
        await log(ok ? 'instance_backup_restored' : 'instance_backup_restore_failed');
        return;
      }
      await tx
        .update(backupFiles)
        .set({
          status: ok ? 'active' : 'failed',
          sizeMb: ok ? (state.sizeMb ?? 0) : 0,
          failure: ok ? null : state.reason,
          operationId: null,
        })
        .where(eq(backupFiles.id, id));
      await log(ok ? 'instance_backup_taken' : 'instance_backup_failed');
      await notify(tx, file.customerId, ok ? 'backup_ready' : 'backup_failed', {
        subject: file.imageRef,
        data: { hostname: fact?.hostname ?? '', instanceId: file.instanceId },
      });
      if (!ok) return;
      await tx
        .update(backupProfiles)
        .set({ lastSuccessfulBackupAt: file.createdAt, updatedAt: now })
        .where(eq(backupProfiles.id, file.profileId));
      const kept = await tx
        .select({ id: backupFiles.id, imageRef: backupFiles.imageRef })
        .from(backupFiles)
        .where(
          and(
            eq(backupFiles.instanceId, file.instanceId),
            eq(backupFiles.status, 'active'),
            isNull(backupFiles.deletedAt),
          ),
        )
        .orderBy(desc(backupFiles.createdAt), desc(backupFiles.id));
      const old = kept.slice(appConfig.backupConfigs.maxFiles);
      await deleteFiles(tx, hypervisor, old, now);
    });
  }
  return open.length;
}
