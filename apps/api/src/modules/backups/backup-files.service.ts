import {
  BACKUP_RESTORE_WORD,
  type BackupFile,
  backupErrorCodes,
  instanceErrorCodes,
  isStableInstanceStatus,
} from '@nimbus/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { logActivity } from '../activity-log/activity-log.service';
import { type Hypervisor, serverRef } from '../compute/hypervisor';
import { requestConverge } from '../instances/converge';
import { type Customer, changing, infrastructureError } from '../instances/instance-action-support';
import { buildingFromBackup } from '../instances/instance-lifecycles';
import { accessSuspended, isAccountSuspended } from '../instances/instance-suspension';
import { findInstance } from '../instances/instances.repository';
import { findFile, toBackupFile } from './backups.repository';
import { backupFiles } from './backups.tables';

const noSuchBackup = () => notFound('No such backup.');

/** One backup file: read it, write it back onto its instance (typed "Restore"), or delete it. */
export function createBackupFiles(deps: { db: Database; hypervisor: Hypervisor; jobs: JobQueue }) {
  const { db, hypervisor, jobs } = deps;

  async function owned(customer: Customer, id: number) {
    const file = await findFile(db, customer.id, id);
    if (!file) throw noSuchBackup();
    return file;
  }

  return {
    async get(customer: Customer, id: number): Promise<BackupFile> {
      return toBackupFile(await owned(customer, id));
    },

    /**
     * Writes the backup back over the instance's disk (instances.md §4): the instance is loading_backup
     * until the driver is done, the file restoring; one restore per instance at a time.
     */
    async restore(customer: Customer, id: number, confirm: string): Promise<BackupFile> {
      if (confirm !== BACKUP_RESTORE_WORD)
        throw badRequest('CONFIRMATION_MISMATCH', `Type ${BACKUP_RESTORE_WORD} to confirm the restore.`);
      const file = await owned(customer, id);
      if (file.status !== 'active')
        throw conflict(backupErrorCodes.notRestorable, 'Only a backup that was taken can be restored.');
      const record = await findInstance(
        db,
        customer.id,
        file.instanceId,
        isAccountSuspended(customer.status),
      );
      if (!record || record.instance.lifecycle === 'deleting') throw noSuchBackup();
      if (record.suspended) throw accessSuspended();
      const row = record.instance;
      if (row.lifecycle !== 'ready' || !isStableInstanceStatus(row.status) || row.status === 'rescue')
        throw changing();
      const busy = await db
        .select({ id: backupFiles.id })
        .from(backupFiles)
        .where(and(eq(backupFiles.instanceId, row.id), eq(backupFiles.status, 'restoring')));
      if (busy.length > 0) throw changing();
      let operationId: string;
      try {
        operationId = (await hypervisor.restoreBackup(serverRef(row.id), file.imageRef)).id;
      } catch {
        throw infrastructureError();
      }
      await db.transaction(async (tx) => {
        await tx
          .update(backupFiles)
          .set({ status: 'restoring', operationId })
          .where(eq(backupFiles.id, file.id));
        await logActivity(tx, {
          customerId: customer.id,
          event: 'instance_backup_restore_requested',
          data: { hostname: row.hostname },
          instanceId: row.id,
          mainIp: row.mainIp,
        });
      });
      // The converge job follows the instance through loading_backup; the follow job settles the file
      // when the driver's operation ends.
      await requestConverge(jobs, row.id, 2);
      return toBackupFile({ ...file, status: 'restoring' });
    },

    async delete(customer: Customer, id: number): Promise<void> {
      const file = await owned(customer, id);
      if (file.status === 'restoring' || file.status === 'taking') throw changing();
      if (await buildingFromBackup(db, file.id))
        throw conflict(instanceErrorCodes.instanceChanging, 'An instance is being built from this backup.');
      try {
        await hypervisor.deleteBackup(file.imageRef);
      } catch {
        throw infrastructureError();
      }
      await db
        .update(backupFiles)
        .set({ deletedAt: new Date() })
        .where(and(eq(backupFiles.id, file.id), isNull(backupFiles.deletedAt)));
    },
  };
}
