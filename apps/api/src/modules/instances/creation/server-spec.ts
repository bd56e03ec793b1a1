import { usernameForOsFamily } from '@nimbus/contract';
import type { DbOrTx } from '../../../db/client';
import { backupImageRef } from '../../backups/backups.repository';
import { featureNamesOf, productGpuOf } from '../../catalogue/catalogue.repository';
import { type ServerSource, type ServerSpec, serverRef } from '../../compute/hypervisor';
import { isoImageRef, isoOfInstance } from '../../isos/isos.repository';
import { snapshotImageRef } from '../../snapshots/snapshots.repository';
import type { instances } from '../instances.tables';

type InstanceRow = typeof instances.$inferSelect;

/** What the driver builds for an instance, from the instance row alone (plus catalogue names). */
export async function serverSpecOf(db: DbOrTx, row: InstanceRow): Promise<ServerSpec> {
  const product = row.productId ? await productGpuOf(db, row.productId) : null;
  const featureNames = await featureNamesOf(db, row.featureIds);
  const osFamily = row.osFamily ?? '';
  const snapshotRef = row.sourceSnapshotId ? await snapshotImageRef(db, row.sourceSnapshotId) : null;
  const backupRef = row.sourceBackupId ? await backupImageRef(db, row.sourceBackupId) : null;
  const iso = row.isoId !== null && !snapshotRef && !backupRef ? await isoOfInstance(db, row.isoId) : null;
  const source: ServerSource = iso
    ? { kind: 'iso', isoRef: isoImageRef(iso.id), useVirtio: iso.useVirtio }
    : snapshotRef
      ? { kind: 'snapshot', snapshotRef, osFamily }
      : backupRef
        ? { kind: 'backup', backupRef, osFamily }
        : row.appId !== null
          ? { kind: 'application', appId: row.appId, osId: row.osId ?? 0, osFamily, ocaData: row.ocaData }
          : { kind: 'os', osId: row.osId ?? 0, osFamily };
  return {
    ref: serverRef(row.id),
    regionId: row.regionId,
    hostname: row.hostname,
    vcpu: row.vcpuCount,
    ramMb: row.ramMb,
    diskGb: row.diskGb,
    bandwidthTb: row.bandwidthTb,
    gpu:
      product?.gpuName && product.gpuQuantity > 0
        ? { model: product.gpuName, quantity: product.gpuQuantity }
        : null,
    source,
    sshKeys: row.sshKeys,
    username: usernameForOsFamily(row.osFamily),
    assignIpv4: row.assignIpv4,
    assignIpv6: row.assignIpv6,
    ddosProtected: row.isDdosProtected,
    features: featureNames,
  };
}
