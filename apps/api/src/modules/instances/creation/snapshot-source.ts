import { instanceErrorCodes, type PlanClass } from '@nimbus/contract';
import type { DbOrTx } from '../../../db/client';
import { AppError, badRequest, notFound } from '../../../lib/errors';
import { findOsFamily, findOsVersion } from '../../catalogue/catalogue.repository';
import { findSnapshot } from '../../snapshots/snapshots.repository';

const invalid = (path: string, detail: string) =>
  badRequest('INVALID_ORDER', detail, { issues: [{ path, message: 'validation.invalid' }] });

/**
 * The snapshot an order creates its instances from (instances.md §4 unavailable reasons), and the image
 * it carries: the customer's own (another's answers like a missing one), ready, in the order's region, of
 * the same plan type, and no larger than the new disk. The image need not be offered any more: the disk
 * is a copy, not a new install.
 */
export async function snapshotSource(
  db: DbOrTx,
  customerId: number,
  snapshotId: number,
  order: { regionId: number; regionName: string; planClass: PlanClass; diskGb: number },
) {
  const snapshot = await findSnapshot(db, customerId, snapshotId);
  if (!snapshot) throw notFound('No such snapshot.');
  if (snapshot.status !== 'active' || snapshot.operationKind || !snapshot.imageRef)
    throw new AppError(409, instanceErrorCodes.notAvailable, 'The snapshot is not ready.');
  if (snapshot.regionId !== order.regionId)
    throw invalid('region', `The snapshot is stored in another region than ${order.regionName}.`);
  if (snapshot.metadata.instanceClass !== order.planClass)
    throw invalid('productId', 'The snapshot was taken of another type of plan.');
  if (snapshot.metadata.disk > order.diskGb)
    throw invalid('productId', `The snapshot needs a disk of at least ${snapshot.metadata.disk} GB.`);
  if (snapshot.metadata.osId === null)
    throw new AppError(
      409,
      instanceErrorCodes.notAvailable,
      'A snapshot of a custom ISO cannot be deployed.',
    );
  const os = await findOsVersion(db, snapshot.metadata.osId);
  if (!os)
    throw new AppError(409, instanceErrorCodes.notAvailable, 'The snapshot’s image is not known any more.');
  const family = await findOsFamily(db, os.family);
  return { snapshot, os, osDisplayName: family?.displayName ?? os.family };
}
