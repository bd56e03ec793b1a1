import {
  type BillingCycle,
  daysUntilTermination,
  type ExtraResource,
  fromMicros,
  type Instance,
  type InstanceStatus,
  isStableInstanceStatus,
  noExtraResource,
  type PlanClass,
  RENEWAL_GRACE_DAYS,
  usernameForOsFamily,
} from '@nimbus/contract';
import type { BillableItem } from '../billing/billable-items';
import type { instances, preorders } from './instances.tables';

export type InstanceRow = typeof instances.$inferSelect;
type PreorderRow = typeof preorders.$inferSelect;

/** The parts of an instance's billable item the panel shows. */
export type ItemSummary = Pick<
  BillableItem,
  | 'billingCycle'
  | 'unitPrice'
  | 'status'
  | 'startedAt'
  | 'endedAt'
  | 'cycleStart'
  | 'cycleEnd'
  | 'suspendedAt'
>;

/** An instance row with what the list query joins to it. */
export interface InstanceRecord {
  instance: InstanceRow;
  region: { id: number; name: string; image: string };
  item: ItemSummary | null;
  features: { id: number; name: string }[];
  /** Billing ties (issue §6): the account or the instance's item is suspended. */
  suspended: boolean;
}

/**
 * What the panel sees of billing: the cycle (or, hourly, since when it runs), the price paid per cycle
 * (per hour, 4 decimals) and, while suspended (a renewal not paid, or negative credit), the days left
 * before termination.
 */
function billingDetailOf(item: ItemSummary | null, now: Date): Instance['billingDetail'] {
  if (!item) return null;
  const hourly = item.billingCycle === 'hourly';
  const start = hourly ? item.startedAt : item.cycleStart;
  const end = hourly ? item.endedAt : item.cycleEnd;
  // The 8 grace days run from the unpaid end date, or for hourly from when negative credit suspended it.
  const suspendedSince = item.status !== 'suspended' ? null : hourly ? item.suspendedAt : item.cycleEnd;
  return {
    startDate: start ? start.toISOString() : null,
    endDate: end ? end.toISOString() : null,
    billingCycle: item.billingCycle,
    purchasedPrice: fromMicros(item.unitPrice, hourly ? 4 : 2),
    daysUntilTermination: suspendedSince ? daysUntilTermination(suspendedSince, now) : null,
    terminatesAt: suspendedSince
      ? new Date(suspendedSince.getTime() + RENEWAL_GRACE_DAYS * 86_400_000).toISOString()
      : null,
    status: item.status,
  };
}

/**
 * The status the panel shows. A suspended instance reads "suspended" once its server is stable; while
 * the server is changing its own state shows (with a spinner), the network chip already says suspended.
 */
export function reportedStatus(status: InstanceStatus, suspended: boolean): InstanceStatus {
  return suspended && isStableInstanceStatus(status) ? 'suspended' : status;
}

/** An instance row (with its region, billable item and features) as the API serves it. */
export function toInstance(record: InstanceRecord, now: Date = new Date()): Instance {
  const { instance: row, region, item, features, suspended } = record;
  return {
    id: row.id,
    hostname: row.hostname,
    status: reportedStatus(row.status, suspended),
    networkStatus: suspended ? 'suspended' : row.networkStatus,
    class: row.planClass,
    vcpuCount: row.vcpuCount,
    ram: row.ramMb,
    disk: row.diskGb,
    bandwidthInTB: row.bandwidthTb,
    os:
      row.osId !== null && row.osName && row.osFamily
        ? { id: row.osId, name: row.osName, family: row.osFamily }
        : null,
    osId: row.osId,
    appId: row.appId,
    isoId: row.isoId,
    attachIso: row.isoId !== null,
    mainIp: row.mainIp,
    mainIpv6: row.mainIpv6,
    mainIpPTR: row.mainIpPtr,
    mainIpv6PTRs: row.ipv6Ptrs,
    ipv6Range: row.ipv6Range,
    netmaskV4: row.netmaskV4,
    netmaskV6: row.netmaskV6,
    gatewayV4: row.gatewayV4,
    gatewayV6: row.gatewayV6,
    isDdosProtected: row.isDdosProtected,
    insertedAt: row.insertedAt.toISOString(),
    startedAt: row.startedAt ? row.startedAt.toISOString() : null,
    dueDate: null,
    isPreorder: false,
    region,
    productId: row.productId,
    planName: row.planName,
    features,
    sshKeys: row.sshKeys,
    ocaData: row.ocaData,
    extraResource: row.extraResource,
    billingCycle: row.billingCycle,
    isSubscriptionAutoRenewEnabled: row.billingCycle !== 'hourly' && row.isSubscriptionAutoRenewEnabled,
    billingDetail: billingDetailOf(item, now),
    discountPercent: Number(row.discountPercent),
    username: usernameForOsFamily(row.osFamily),
    isSuspended: suspended,
  };
}

/** A pending preorder with its plan, region and OS as the list joins them. */
export interface PreorderRecord {
  preorder: PreorderRow;
  region: { id: number; name: string; image: string };
  product: { name: string; cpu: number; ramMb: number; storageGb: number; bandwidthTb: number } | null;
  os: { id: number; name: string; family: string } | null;
}

const numberOrNull = (v: unknown) => (typeof v === 'number' ? v : null);

/** A GPU preorder shown as an instance: allocating-gpu, network not provisioned, no billing yet. */
export function preorderToInstance(record: PreorderRecord, suspended: boolean): Instance {
  const { preorder, region, product, os } = record;
  const meta = preorder.metadata;
  const extra = { ...noExtraResource, ...((meta.extraResources as ExtraResource | undefined) ?? {}) };
  const cycle = (meta.billingCycle as BillingCycle | undefined) ?? 'monthly';
  return {
    id: preorder.id,
    hostname: preorder.hostname,
    status: 'allocating-gpu',
    networkStatus: 'not-provisioned',
    class: (meta.class as PlanClass | undefined) ?? 'gpu-provided',
    vcpuCount: (product?.cpu ?? 0) + extra.cpu,
    ram: (product?.ramMb ?? 0) + extra.ramInGB * 1024,
    disk: (product?.storageGb ?? 0) + extra.diskInGB,
    bandwidthInTB: (product?.bandwidthTb ?? 0) + extra.bandwidthInTB,
    os,
    osId: numberOrNull(meta.osId),
    appId: numberOrNull(meta.appId),
    isoId: numberOrNull(meta.isoId),
    attachIso: numberOrNull(meta.isoId) !== null,
    mainIp: null,
    mainIpv6: null,
    mainIpPTR: null,
    mainIpv6PTRs: [],
    ipv6Range: null,
    netmaskV4: null,
    netmaskV6: null,
    gatewayV4: null,
    gatewayV6: null,
    isDdosProtected: false,
    insertedAt: preorder.createdAt.toISOString(),
    startedAt: null,
    dueDate: preorder.dueDate.toISOString(),
    isPreorder: true,
    region,
    productId: preorder.productId,
    planName: product?.name ?? null,
    features: [],
    sshKeys: [],
    ocaData: (meta.ocaData as Record<string, string> | undefined) ?? {},
    extraResource: extra,
    billingCycle: cycle,
    isSubscriptionAutoRenewEnabled: cycle !== 'hourly' && meta.subscriptionAutoRenew !== false,
    billingDetail: null,
    discountPercent: 0,
    username: usernameForOsFamily(os?.family),
    isSuspended: suspended,
  };
}
