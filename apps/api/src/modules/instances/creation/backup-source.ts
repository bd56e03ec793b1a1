import { instanceErrorCodes, type PlanClass } from '@nimbus/contract';
import type { DbOrTx } from '../../../db/client';
import { AppError, badRequest, notFound } from '../../../lib/errors';
import { findFile } from '../../backups/backups.repository';
import { findOsFamily, findOsVersion } from '../../catalogue/catalogue.repository';
import { instanceFacts } from '../instance-lifecycles';

const invalid = (path: string, detail: string) =>
  badRequest('INVALID_ORDER', detail, { issues: [{ path, message: 'validation.invalid' }] });

/**
 * The backup an order creates its instances from (instances.md §2, `backupId`), with the same rules as
 * a snapshot: the customer's own, taken, stored in the order's region (where its instance ran), of the
 * same plan type and no larger than the new disk; the image is a copy, not a new install.
 */
export async function backupSource(
  db: DbOrTx,
  customerId: number,
  backupId: number,
  order: { regionId: number; regionName: string; planClass: PlanClass; diskGb: number },
) {
  const file = await findFile(db, customerId, backupId);
  if (!file) throw notFound('No such backup.');
  if (file.status !== 'active')
    throw new AppError(409, instanceErrorCodes.notAvailable, 'The backup is not ready.');
  const origin = (await instanceFacts(db, [file.instanceId])).get(file.instanceId);
  if (!origin) throw notFound('No such backup.');
  if (origin.regionId !== order.regionId)
    throw invalid('region', `The backup is stored in another region than ${order.regionName}.`);
  if (origin.planClass !== order.planClass)
    throw invalid('productId', 'The backup was taken of another type of plan.');
  if (origin.diskGb > order.diskGb)
    throw invalid('productId', `The backup needs a disk of at least ${origin.diskGb} GB.`);
  if (origin.osId === null)
    throw new AppError(409, instanceErrorCodes.notAvailable, 'A backup of a custom ISO cannot be deployed.');
  const os = await findOsVersion(db, origin.osId);
  if (!os)
    throw new AppError(409, instanceErrorCodes.notAvailable, 'The backup’s image is not known any more.');
  const family = await findOsFamily(db, os.family);
  return { file, os, osDisplayName: family?.displayName ?? os.family };
}
