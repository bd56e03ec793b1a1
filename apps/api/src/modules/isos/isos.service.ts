import {
  errorCodes,
  ISO_MAX_BYTES,
  type Iso,
  type IsoImport,
  type IsoInstance,
  isoErrorCodes,
  isoImportSchema,
} from '@nimbus/contract';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { logActivity } from '../activity-log/activity-log.service';
import { listRegions } from '../catalogue/catalogue.repository';
import { type Hypervisor, HypervisorError } from '../compute/hypervisor';
import type { Customer } from '../instances/instance-action-support';
import { instancesWithIso } from '../instances/instance-isos';
import { accessSuspended, isAccountSuspended } from '../instances/instance-suspension';
import { IsoSourceError, type IsoSourceOptions, isoSize } from './iso-source';
import { findIso, insertIso, isoAnswer, isoImageRef, listIsos, updateIso } from './isos.repository';

export const ISO_DOWNLOAD_JOB = 'isos.download';

const isoNotFound = () => notFound('No such ISO.');

/** What the source's answer to HEAD means for the import form. */
function sourceRefusal(error: IsoSourceError): AppError {
  if (error.kind === 'not-found')
    return new AppError(404, isoErrorCodes.invalidFile, 'There is no ISO file at this address.');
  if (error.kind === 'blocked-address')
    return badRequest(
      isoErrorCodes.blockedAddress,
      'The address must lead to a public server on the internet.',
    );
  return badRequest(isoErrorCodes.unreachable, `The file could not be read: ${error.message}`);
}

/**
 * Custom ISOs (instances.md §3, §5, §7): one per customer, imported from a public https address by the
 * download job (iso-download.ts), kept 48 hours once ready, deleted by the customer unless attached.
 */
export function createIsosService(deps: {
  db: Database;
  hypervisor: Hypervisor;
  jobs: JobQueue;
  source: IsoSourceOptions;
}) {
  const { db, hypervisor, jobs } = deps;

  async function own(customer: Customer, id: number) {
    const row = await findIso(db, customer.id, id);
    if (!row) throw isoNotFound();
    return row;
  }

  return {
    async list(customer: Customer): Promise<Iso[]> {
      return (await listIsos(db, customer.id)).map(isoAnswer);
    },

    async get(customer: Customer, id: number): Promise<Iso> {
      return isoAnswer(await own(customer, id));
    },

    /**
     * Checks the form as the panel does, asks the source for the size (HEAD, ≤ 10 GB), then records the
     * ISO as DOWNLOADING and queues its download. A second ISO while one exists is refused (409): the
     * panel offers to remove the existing one.
     */
    async import(customer: Customer, input: IsoImport): Promise<Iso> {
      if (isAccountSuspended(customer.status)) throw accessSuspended();
      const form = isoImportSchema.parse(input);
      const regions = await listRegions(db);
      if (!regions.some((r) => r.id === form.regionId))
        throw badRequest(errorCodes.validation, 'Choose one of the regions offered.', {
          issues: [{ path: 'regionId', message: 'validation.invalid' }],
        });
      if ((await listIsos(db, customer.id)).length > 0)
        throw conflict(
          isoErrorCodes.limitReached,
          'You can keep one custom ISO. Delete the one you have first.',
        );
      let size: number;
      try {
        size = await isoSize(form.url, deps.source);
      } catch (error) {
        if (error instanceof IsoSourceError) throw sourceRefusal(error);
        throw error;
      }
      if (size > ISO_MAX_BYTES)
        throw badRequest(isoErrorCodes.tooLarge, 'The size of given url is greater than 10GB.');
      const row = await db.transaction(async (tx) => {
        const inserted = await insertIso(tx, {
          customerId: customer.id,
          name: form.name,
          url: form.url,
          regionId: form.regionId,
          useVirtio: form.useVirtio,
          sizeBytes: size,
        });
        if (!inserted) return null;
        await logActivity(tx, { customerId: customer.id, event: 'iso_imported', data: { name: form.name } });
        return inserted;
      });
      // Two imports at once: the partial unique index lets one in.
      if (!row)
        throw conflict(
          isoErrorCodes.limitReached,
          'You can keep one custom ISO. Delete the one you have first.',
        );
      await jobs.send(ISO_DOWNLOAD_JOB, { isoId: row.id }, { singletonKey: `iso-${row.id}` });
      return isoAnswer(row);
    },

    /**
     * Deletes the ISO and its image (a download in progress stops at its next piece). 406 while an
     * instance has it attached: eject it there first, which reboots that instance.
     */
    async remove(customer: Customer, id: number): Promise<void> {
      const row = await own(customer, id);
      if ((await instancesWithIso(db, customer.id, id)).length > 0)
        throw new AppError(
          406,
          isoErrorCodes.attached,
          'The ISO is attached to an instance. Detach it there (the instance reboots), then delete it.',
        );
      try {
        await hypervisor.deleteIso(isoImageRef(id));
      } catch (error) {
        if (error instanceof HypervisorError && error.kind === 'invalid_state')
          throw new AppError(406, isoErrorCodes.attached, 'The ISO is still in an instance’s drive.');
        throw error;
      }
      await db.transaction(async (tx) => {
        await updateIso(tx, id, { deletedAt: new Date(), leaseUntil: null });
        await logActivity(tx, { customerId: customer.id, event: 'iso_deleted', data: { name: row.name } });
      });
    },

    async instances(customer: Customer, id: number): Promise<IsoInstance[]> {
      await own(customer, id);
      return instancesWithIso(db, customer.id, id);
    },
  };
}
export type IsosService = ReturnType<typeof createIsosService>;
