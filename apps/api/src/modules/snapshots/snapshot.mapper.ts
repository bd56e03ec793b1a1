import { fromMicros, type Snapshot, type SnapshotMetadata, snapshotMonthlyPrice } from '@nimbus/contract';
import type { InstanceRow } from '../instances/instance.mapper';
import type { SnapshotRow } from './snapshots.repository';

export function toSnapshot(row: SnapshotRow, instanceGone: boolean): Snapshot {
  return {
    id: row.id,
    name: row.name,
    size: row.sizeMb,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    lastRestoredAt: row.lastRestoredAt?.toISOString() ?? null,
    instanceId: row.instanceId,
    regionId: row.regionId,
    productId: row.productId,
    isInstanceDeleted: instanceGone,
    monthlyPrice: row.sizeMb === null ? null : fromMicros(snapshotMonthlyPrice(row.sizeMb), 4),
    metadata: row.metadata,
  };
}

/** What the instance is at the moment of the snapshot: what a new instance made from it needs. */
export function metadataOf(instance: InstanceRow): SnapshotMetadata {
  return {
    ip: instance.mainIp,
    ipv6: instance.mainIpv6,
    hostname: instance.hostname,
    instanceClass: instance.planClass,
    osId: instance.osId,
    isoId: instance.isoId,
    appId: instance.appId,
    features: instance.featureIds,
    vCpuCount: instance.vcpuCount,
    ram: instance.ramMb,
    disk: instance.diskGb,
    extraVCpuCount: instance.extraResource.cpu,
    extraRamInGb: instance.extraResource.ramInGB,
    extraDiskInGb: instance.extraResource.diskInGB,
  };
}

/** "web-1-2026-11-26-1530": the instance's name and the UTC minute it was taken. */
export function snapshotName(hostname: string, at: Date): string {
  const stamp = at.toISOString().slice(0, 16).replace('T', '-').replace(':', '');
  return `${hostname}-${stamp}`;
}
