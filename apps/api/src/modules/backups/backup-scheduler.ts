import { isStableInstanceStatus } from '@nimbus/contract';
import { and, asc, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { logActivity } from '../activity-log/activity-log.service';
import { loadAppConfig } from '../catalogue/app-config';
import { type Hypervisor, serverRef } from '../compute/hypervisor';
import { instanceFacts } from '../instances/instance-lifecycles';
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
 * Takes the backups that are due. Each profile is handled in its own transaction under its row lock (a
 * locked one is another runner's): the driver copies the disk under a name made of the profile and the
 * due time, the file is recorded, the oldest files beyond the catalogue's `maxFiles` are deleted, and the
 * next due time is set — all or nothing, so a crash before the commit makes the next run take that same
 * backup again under the same name (the driver keeps one image per name), never a second one.
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
        let outcome: { sizeMb: number } | { failure: string };
        if (fact.lifecycle !== 'ready' || !isStableInstanceStatus(fact.status)) {
          outcome = { failure: `The instance was ${fact.status} at the scheduled time.` };
        } else {
          outcome = await hypervisor
            .takeBackup(serverRef(profile.instanceId), imageRef)
            .catch((error: unknown) => ({ failure: error instanceof Error ? error.message : String(error) }));
        }
        const sizeMb = 'sizeMb' in outcome ? outcome.sizeMb : null;
        const failure = 'failure' in outcome ? outcome.failure : null;
        const ok = sizeMb !== null;
        await tx
          .insert(backupFiles)
          .values({
            customerId: profile.customerId,
            instanceId: profile.instanceId,
            profileId: profile.id,
            imageRef,
            status: ok ? 'active' : 'failed',
            sizeMb: sizeMb ?? 0,
            failure,
            createdAt: now,
          })
          .onConflictDoNothing();
        if (ok) {
          const kept = await tx
            .select({ id: backupFiles.id, imageRef: backupFiles.imageRef })
            .from(backupFiles)
            .where(
              and(
                eq(backupFiles.instanceId, profile.instanceId),
                eq(backupFiles.status, 'active'),
                isNull(backupFiles.deletedAt),
              ),
            )
            .orderBy(desc(backupFiles.createdAt), desc(backupFiles.id));
          const old = kept.slice(appConfig.backupConfigs.maxFiles);
          for (const file of old) await hypervisor.deleteBackup(file.imageRef);
          if (old.length > 0)
            await tx
              .update(backupFiles)
              .set({ deletedAt: now })
              .where(
                inArray(
                  backupFiles.id,
                  old.map((f) => f.id),
                ),
              );
        }
        await tx
          .update(backupProfiles)
          .set({
            nextDueAt: nextDueOf(appConfig, profile, now > dueAt ? now : dueAt),
            ...(ok ? { lastSuccessfulBackupAt: now } : {}),
            updatedAt: now,
          })
          .where(eq(backupProfiles.id, profile.id));
        await logActivity(tx, {
          customerId: profile.customerId,
          event: ok ? 'instance_backup_taken' : 'instance_backup_failed',
          data: { hostname: fact.hostname },
          instanceId: profile.instanceId,
          mainIp: fact.mainIp,
        });
        taken++;
      });
    }
    if (due.length < BATCH) return taken;
  }
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
      // Deleting an image twice is harmless (the driver contract): a crash here repeats it safely.
      for (const file of files) await hypervisor.deleteBackup(file.imageRef);
      if (files.length > 0)
        await tx
          .update(backupFiles)
          .set({ deletedAt: now })
          .where(
            inArray(
              backupFiles.id,
              files.map((f) => f.id),
            ),
          );
      await tx
        .update(backupProfiles)
        .set({ purgeAt: null, updatedAt: now })
        .where(eq(backupProfiles.id, profile.id));
    });
  }
  return due.length;
}

/** Settles restores: once the instance has left loading_backup, its file is a backup again. */
export async function followBackupRestores(db: Database) {
  const restoring = await db
    .select({ id: backupFiles.id, instanceId: backupFiles.instanceId, customerId: backupFiles.customerId })
    .from(backupFiles)
    .where(eq(backupFiles.status, 'restoring'));
  const facts = await instanceFacts(
    db,
    restoring.map((f) => f.instanceId),
  );
  for (const file of restoring) {
    const fact = facts.get(file.instanceId);
    if (fact && fact.lifecycle === 'ready' && !isStableInstanceStatus(fact.status)) continue;
    await db.transaction(async (tx) => {
      const [settled] = await tx
        .update(backupFiles)
        .set({ status: 'active' })
        .where(and(eq(backupFiles.id, file.id), eq(backupFiles.status, 'restoring')))
        .returning({ id: backupFiles.id });
      if (settled && fact)
        await logActivity(tx, {
          customerId: file.customerId,
          event: 'instance_backup_restored',
          data: { hostname: fact.hostname },
          instanceId: file.instanceId,
          mainIp: fact.mainIp,
        });
    });
  }
  return restoring.length;
}
