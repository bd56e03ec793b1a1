import { usernameForOsFamily } from '@nimbus/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { badRequest, notFound } from '../../lib/errors';
import { findOsFamily, findOsVersion, listFeatures } from '../catalogue/catalogue.repository';
import { type Hypervisor, HypervisorError, type ServerSource, serverRef } from '../compute/hypervisor';
import {
  type Customer,
  changing,
  failureKind,
  infrastructureError,
  instanceActionSupport,
  notAvailable,
} from './instance-action-support';
import { requestOperationFollow } from './instance-operations';
import { instances, type OsTarget } from './instances.tables';

/**
 * Change OS and reinstall (instances.md §5): the driver rebuilds the disk from the chosen image and a new
 * password is shown once; a job follows the rebuild and records the new image when it succeeds. Choosing the image the instance runs is a reinstall, which keeps an application and its
 * settings; another image drops them (the application lived on the old disk).
 */
export function createInstanceOs(deps: { db: Database; hypervisor: Hypervisor; jobs: JobQueue }) {
  const { db, hypervisor } = deps;
  const { actionable, logFor, mirror } = instanceActionSupport(deps);

  /** The image, if this instance may run it: offered, enough memory, every installed feature supported. */
  async function imageFor(osId: number, machine: { ramMb: number; featureIds: number[] }) {
    const os = await findOsVersion(db, osId);
    if (!os) throw notFound('No such operating system.');
    if (!os.isActive || os.disabled) throw notAvailable('This operating system image is not available.');
    if (machine.ramMb < os.minRamMb)
      throw badRequest(
        'OS_NEEDS_MORE_MEMORY',
        `This image needs at least ${os.minRamMb / 1024} GB of memory.`,
      );
    const unsupported = (await listFeatures(db)).find(
      (f) => machine.featureIds.includes(f.id) && f.unsupportedOsFamilies.includes(os.family),
    );
    if (unsupported)
      throw badRequest('FEATURE_NOT_SUPPORTED', `${unsupported.name} does not run on this operating system.`);
    const family = await findOsFamily(db, os.family);
    return { os, name: `${family?.displayName ?? os.family} ${os.name}` };
  }

  return {
    async changeOs(customer: Customer, id: number, osId: number): Promise<{ data: { password: string } }> {
      const record = await actionable(customer, id);
      const row = record.instance;
      if (row.status === 'rescue')
        throw notAvailable('Leave rescue mode before changing the operating system.');
      if (row.isoId !== null)
        throw notAvailable('Eject the custom ISO before changing the operating system.');
      const { os, name } = await imageFor(osId, row);
      const reinstall = row.osId === os.id;
      const app = reinstall && row.appId !== null ? { appId: row.appId, ocaData: row.ocaData } : null;
      const source: ServerSource = app
        ? { kind: 'application', appId: app.appId, osId: os.id, osFamily: os.family, ocaData: app.ocaData }
        : { kind: 'os', osId: os.id, osFamily: os.family };
      const event = reinstall ? 'instance_reinstalled' : 'instance_os_changed';
      const target: OsTarget = {
        osId: os.id,
        osFamily: os.family,
        osName: name,
        appId: app?.appId ?? null,
        ocaData: app?.ocaData ?? {},
        event,
      };
      let password = '';
      // The driver starts inside the transaction that records its operation; the image the instance runs
      // changes when the operation succeeds (instance-operations.ts).
      await db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ status: instances.status, operation: instances.operation })
          .from(instances)
          .where(and(eq(instances.id, id), eq(instances.lifecycle, 'ready')))
          .for('update');
        if (!locked || locked.operation !== null || locked.status !== row.status) throw changing();
        try {
          const started = await hypervisor.changeOs(serverRef(id), source, usernameForOsFamily(os.family));
          password = started.password;
          await tx
            .update(instances)
            .set({
              operation: { kind: 'change_os', id: started.operation.id, target },
              updatedAt: new Date(),
            })
            .where(eq(instances.id, id));
        } catch (error) {
          await logFor(record, `${event}_failed`, { reason: failureKind(error) });
          if (error instanceof HypervisorError && error.kind === 'invalid_state') throw changing();
          throw infrastructureError();
        }
      });
      await requestOperationFollow(deps.jobs, id, 1);
      // The new password is never stored or logged: it is in this answer only.
      await mirror(customer, record);
      return { data: { password } };
    },
  };
}
