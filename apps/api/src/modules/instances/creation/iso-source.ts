import { isoErrorCodes } from '@nimbus/contract';
import type { DbOrTx } from '../../../db/client';
import { AppError, badRequest, notFound } from '../../../lib/errors';
import { findIso } from '../../isos/isos.repository';

const invalid = (path: string, detail: string) =>
  badRequest('INVALID_ORDER', detail, { issues: [{ path, message: 'validation.invalid' }] });

/**
 * The custom ISO an order boots its instances from (instances.md §3 image tab "Custom ISO"): the
 * customer's own (another's answers like a missing one), READY, and stored in the order's region.
 */
export async function isoSource(
  db: DbOrTx,
  customerId: number,
  isoId: number,
  order: { regionId: number; regionName: string },
) {
  const iso = await findIso(db, customerId, isoId);
  if (!iso) throw notFound('No such ISO.');
  if (iso.status !== 'READY')
    throw new AppError(409, isoErrorCodes.notReady, 'The ISO has not finished uploading.');
  if (iso.regionId !== order.regionId)
    throw invalid('region', `The ISO is stored in another region than ${order.regionName}.`);
  return iso;
}
