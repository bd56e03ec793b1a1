import type { InstanceStatus } from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { ServerSpec } from '../hypervisor';

const at = () => timestamp({ withTimezone: true });

/**
 * The simulator's own world: what a real cloud keeps in its control plane. Nothing outside the
 * simulator reads these tables; the instances area sees them only through the Hypervisor interface.
 */

/** Physical hosts per region, with what they can hold. */
export const simHosts = pgTable('sim_hosts', {
  id: serial().primaryKey(),
  regionId: integer().notNull(),
  name: text().notNull().unique(),
  vcpuCapacity: integer().notNull(),
  ramMbCapacity: integer().notNull(),
  diskGbCapacity: integer().notNull(),
  gpuModel: text(),
  gpuCapacity: integer().notNull().default(0),
});

/** A virtual machine. `status` advances through the provisioning steps by jobs (see simulator.jobs). */
export const simServers = pgTable(
  'sim_servers',
  {
    ref: text().primaryKey(),
    regionId: integer().notNull(),
    hostId: integer()
      .notNull()
      .references(() => simHosts.id),
    spec: jsonb().$type<ServerSpec>().notNull(),
    hostname: text().notNull(),
    status: text().$type<InstanceStatus>().notNull(),
    /** When the current transitional step completes. */
    stepDueAt: at(),
    failure: jsonb().$type<{ step: InstanceStatus; reason: string } | null>(),
    passwordHash: text().notNull(),
    /** The rescue system's root password while the server is in rescue (the guest's own stays in passwordHash). */
    rescuePasswordHash: text(),
    ipv4: text(),
    ipv6: text(),
    isoRef: text(),
    /** The long operation the server is in (its transitional status settles it). */
    operationId: text(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
    deletedAt: at(),
  },
  (t) => [
    index('sim_servers_host_idx').on(t.hostId).where(sql`deleted_at IS NULL`),
    index('sim_servers_due_idx').on(t.stepDueAt).where(sql`step_due_at IS NOT NULL AND deleted_at IS NULL`),
  ],
);

/** Faults an operator or a test plants: the next `remaining` servers reaching `step` fail there. */
export const simFaults = pgTable('sim_faults', {
  id: serial().primaryKey(),
  step: text().$type<InstanceStatus>().notNull(),
  regionId: integer(),
  remaining: integer().notNull().default(1),
  reason: text().notNull().default('Simulated infrastructure failure'),
  createdAt: at().notNull().defaultNow(),
});

/**
 * Long operations (snapshots, backups, restores, resizes, reinstalls), as a real cloud's task list: the
 * server's step jobs settle them, and `operation()` reads them. A fault planted for the operation's step
 * fails the operation, not the server, which goes back to the status it had (`resumeStatus`) and, for a
 * resize or reinstall, to the size, image and password it had (`resumeSpec`, `resumePasswordHash`).
 */
export const simOperations = pgTable(
  'sim_operations',
  {
    id: text().primaryKey(),
    serverRef: text().notNull(),
    kind: text()
      .$type<
        'take_snapshot' | 'restore_snapshot' | 'take_backup' | 'restore_backup' | 'resize' | 'reinstall'
      >()
      .notNull(),
    /** The snapshot or backup written or read; empty for a resize or reinstall. */
    imageRef: text().notNull(),
    state: text().$type<'running' | 'succeeded' | 'failed'>().notNull().default('running'),
    resumeStatus: text().$type<InstanceStatus>().notNull(),
    /** The status after success when it differs from `resumeStatus` (a reinstalled server boots). */
    successStatus: text().$type<InstanceStatus>(),
    resumeSpec: jsonb().$type<ServerSpec>(),
    resumePasswordHash: text(),
    sizeMb: integer(),
    failure: text(),
    startedAt: at().notNull().defaultNow(),
    finishedAt: at(),
  },
  (t) => [index('sim_operations_image_idx').on(t.imageRef, t.kind)],
);

/**
 * The region's image store for custom ISOs, as a hypervisor's storage pool holds volumes. The simulator
 * keeps the size written and the ISO 9660 signature ("CD001" at byte 32769) rather than the bytes: it
 * must only know whether what arrived is complete and bootable.
 */
export const simIsoImages = pgTable('sim_iso_images', {
  ref: text().primaryKey(),
  bytes: bigint({ mode: 'number' }).notNull().default(0),
  signature: text().notNull().default(''),
  complete: boolean().notNull().default(false),
  createdAt: at().notNull().defaultNow(),
  updatedAt: at().notNull().defaultNow(),
});
