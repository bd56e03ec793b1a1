import type { BillingCycle, ExtraResource, InstanceStatus, NetworkStatus, PlanClass } from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from '../auth/auth.tables';
import { regions } from '../catalogue/catalogue.tables';

const at = () => timestamp({ withTimezone: true });

/**
 * Where an instance is in its life, as Nimbus tracks it (the server's own state comes from the driver):
 * provisioning — the driver is building it; ready — built, `status` mirrors the server;
 * failed — building failed, charges returned, hidden from lists; deleting — deletion requested, the driver
 * is tearing it down; deleted — gone, kept for invoices and logs.
 */
export type InstanceLifecycle = 'provisioning' | 'ready' | 'failed' | 'deleting' | 'deleted';

/** The size a resize gives, recorded when the driver succeeds (pricing fixed when it was asked). */
export interface ResizeTarget {
  productId: number | null;
  planName: string | null;
  vcpu: number;
  ramMb: number;
  diskGb: number;
  bandwidthTb: number;
  extraResource: ExtraResource;
  monthlyPrice: number;
  undiscountedMonthly: number;
  subDescription: string;
  cleanInstall: boolean;
  from: string;
}
/** The image an OS change or reinstall installs, recorded when the driver succeeds. */
export interface OsTarget {
  osId: number;
  osFamily: string;
  osName: string;
  appId: number | null;
  ocaData: Record<string, string>;
  event: 'instance_reinstalled' | 'instance_os_changed';
}
/** A resize or OS change the driver runs: its operation id, followed by a job until it ends. */
export type InstanceOperation =
  | { kind: 'resize'; id: string; target: ResizeTarget }
  | { kind: 'change_os'; id: string; target: OsTarget };

export const instances = pgTable(
  'instances',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** The order this instance came from: one POST /instances (or one allocated preorder). */
    orderId: text().notNull(),
    hostname: text().notNull(),
    lifecycle: text().$type<InstanceLifecycle>().notNull().default('provisioning'),
    /** The server state as last read from the driver (instances.md §4). */
    status: text().$type<InstanceStatus>().notNull().default('initializing'),
    networkStatus: text().$type<NetworkStatus>().notNull().default('initializing'),
    failureReason: text(),
    planClass: text().$type<PlanClass>().notNull(),
    /** Null for a custom plan. */
    productId: integer(),
    planName: text(),
    regionId: integer()
      .notNull()
      .references(() => regions.id),
    osId: integer(),
    osFamily: text(),
    osName: text(),
    appId: integer(),
    isoId: integer(),
    /** The snapshot the instance was created from (its disk is a copy of it), if any. */
    sourceSnapshotId: integer(),
    /** The backup file the instance was built from, if any (its image is copied, not installed). */
    sourceBackupId: integer(),
    vcpuCount: integer().notNull(),
    ramMb: integer().notNull(),
    diskGb: integer().notNull(),
    bandwidthTb: integer().notNull(),
    extraResource: jsonb().$type<ExtraResource>().notNull(),
    /** Feature ids chosen at creation. */
    featureIds: jsonb().$type<number[]>().notNull().default([]),
    /** Copies of the public keys chosen at creation: deleting a key later does not change the server. */
    sshKeys: jsonb().$type<string[]>().notNull().default([]),
    ocaData: jsonb().$type<Record<string, string>>().notNull().default({}),
    assignIpv4: boolean().notNull(),
    assignIpv6: boolean().notNull(),
    isDdosProtected: boolean().notNull().default(false),
    /** Counted against the per-region promotion limit. */
    isPromoted: boolean().notNull().default(false),
    mainIp: text(),
    netmaskV4: text(),
    gatewayV4: text(),
    mainIpv6: text(),
    ipv6Range: text(),
    netmaskV6: text(),
    gatewayV6: text(),
    /** Reverse DNS of the main IPv4 (null: the provider's default name) and of addresses in the /64. */
    mainIpPtr: text(),
    ipv6Ptrs: jsonb().$type<{ ip: string; ptr: string }[]>().notNull().default([]),
    billingCycle: text().$type<BillingCycle>().notNull(),
    isSubscriptionAutoRenewEnabled: boolean().notNull().default(true),
    discountPercent: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    /** The billable item that charges for this instance. */
    billableItemId: integer(),
    /** The resize or OS change in progress on the server, if any (instance-operations.ts follows it). */
    operation: jsonb().$type<InstanceOperation>(),
    /** The driver accepted `create` for this instance's ref. */
    driverCreatedAt: at(),
    insertedAt: at().notNull().defaultNow(),
    /** When it first became active. */
    startedAt: at(),
    deletionRequestedAt: at(),
    deletedAt: at(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    // The list's keyset: newest first, then id; only live instances are listed.
    index('instances_customer_list_idx')
      .on(t.customerId, t.insertedAt.desc(), t.id.desc())
      .where(sql`lifecycle IN ('provisioning', 'ready', 'deleting')`),
    // The sweep that follows resizes and OS changes whose job was lost.
    index('instances_operation_idx').on(t.id).where(sql`operation IS NOT NULL`),
    index('instances_stock_idx')
      .on(t.productId, t.regionId)
      .where(sql`lifecycle IN ('provisioning', 'ready', 'deleting')`),
    index('instances_unsettled_idx')
      .on(t.updatedAt)
      .where(
        sql`lifecycle IN ('provisioning', 'deleting') OR (lifecycle = 'ready' AND status NOT IN ('active', 'shutdown', 'suspended', 'rescue'))`,
      ),
    index('instances_customer_main_ip_idx').on(t.customerId, t.mainIp),
  ],
);

export type PreorderStatus = 'pending' | 'allocated' | 'cancelled';

/** GPU preorders: ordered ahead of the hardware; allocation turns one into an instance and starts billing. */
export const preorders = pgTable(
  'preorders',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    regionId: integer()
      .notNull()
      .references(() => regions.id),
    productId: integer().notNull(),
    hostname: text().notNull(),
    description: text().notNull(),
    /** The creation parameters, validated when submitted and again at allocation. */
    metadata: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text().$type<PreorderStatus>().notNull().default('pending'),
    dueDate: at().notNull(),
    instanceId: integer().references(() => instances.id),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [
    index('preorders_customer_idx').on(t.customerId, t.createdAt.desc()),
    uniqueIndex('preorders_instance_unique').on(t.instanceId),
  ],
);
