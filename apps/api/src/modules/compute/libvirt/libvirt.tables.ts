import type { InstanceStatus } from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ServerSpec } from '../hypervisor';

const at = () => timestamp({ withTimezone: true });

/**
 * The libvirt driver's control plane: the KVM hosts an operator registered, the base images on each,
 * and Nimbus's record of every server it put on them. Nothing outside the driver reads these tables.
 */

export type LibvirtHostState = 'up' | 'draining' | 'down';

/** A hypervisor host of a region (`npm run admin -- hosts add`). */
export const libvirtHosts = pgTable('libvirt_hosts', {
  id: serial().primaryKey(),
  regionId: integer().notNull(),
  name: text().notNull().unique(),
  /** qemu:///system, qemu+ssh://root@kvm1/system, qemu+tls://kvm1/system */
  uri: text().notNull(),
  /** The libvirt storage pool that holds base images, servers' disks, seeds, snapshots and ISOs. */
  storagePool: text().notNull(),
  /** Where backups go: a pool on other storage (NFS, a second disk); the storage pool if none. */
  backupPool: text(),
  /** How guests reach the network: `bridge:<name>`, `network:<name>` or `user` (QEMU's user mode, tests). */
  network: text().notNull(),
  /** `kvm`, or `qemu` for software emulation (TCG) where the host has no usable KVM. */
  domainType: text().$type<'kvm' | 'qemu'>().notNull().default('kvm'),
  /** The address the host's VNC servers listen on, as the console proxy reaches them. */
  vncListen: text().notNull().default('127.0.0.1'),
  vcpuCapacity: integer().notNull(),
  ramMbCapacity: integer().notNull(),
  diskGbCapacity: integer().notNull(),
  /** `draining` takes no new servers; `down` did not answer its last check. */
  state: text().$type<LibvirtHostState>().notNull().default('up'),
  lastError: text(),
  checkedAt: at(),
  createdAt: at().notNull().defaultNow(),
});

/**
 * The image a server of an OS version or application starts from on a host: a volume of the host's
 * pool (qcow2) that servers' disks are overlays of. `kernel`/`initrd`/`cmdline` boot it directly (an
 * image without a boot loader); otherwise it boots from its disk.
 */
export const libvirtBaseImages = pgTable(
  'libvirt_base_images',
  {
    id: serial().primaryKey(),
    hostId: integer()
      .notNull()
      .references(() => libvirtHosts.id, { onDelete: 'cascade' }),
    /** `os:<osId>`, `app:<appId>` or `rescue`. */
    image: text().notNull(),
    volume: text().notNull(),
    kernel: text(),
    initrd: text(),
    cmdline: text(),
  },
  (t) => [uniqueIndex('libvirt_base_images_host_image_idx').on(t.hostId, t.image)],
);

/** A server on a host. `status` is what Nimbus wants it to be; the convergence job makes it so. */
export const libvirtServers = pgTable(
  'libvirt_servers',
  {
    ref: text().primaryKey(),
    regionId: integer().notNull(),
    hostId: integer()
      .notNull()
      .references(() => libvirtHosts.id),
    spec: jsonb().$type<ServerSpec>().notNull(),
    hostname: text().notNull(),
    status: text().$type<InstanceStatus>().notNull(),
    failure: jsonb().$type<{ step: InstanceStatus; reason: string } | null>(),
    /** SHA-512 crypt of the root password, as the seed carries it. */
    passwordHash: text().notNull(),
    /** Bumped by every change the seed carries (hostname, password); the guest applies a new one at boot. */
    seedRevision: integer().notNull().default(1),
    /** The revision the host's seed volume holds. */
    seedWritten: integer().notNull().default(0),
    ipv4: text(),
    ipv6: text(),
    /** The disk volume the domain uses; a reinstall or restore writes the next generation beside it. */
    diskVolume: text().notNull(),
    diskGeneration: integer().notNull().default(1),
    /** The rescue system's root password while the server is in rescue. */
    rescuePasswordHash: text(),
    /** The base image (`os:1`) whose kernel boots the disk, where that image boots directly; else null. */
    bootImage: text(),
    /** The custom ISO in the server's CD-ROM drive. */
    isoRef: text(),
    /** The long operation the server is in. */
    operationId: text(),
    /** When a clean (ACPI) shutdown was asked for; past the timeout the domain is forced off. */
    shutdownAskedAt: at(),
    /** SHA-256 of the domain XML last defined on the host, so an unchanged definition is not sent again. */
    definition: text(),
    /** The domain must boot again to take its new definition (rescue on or off, a new size). */
    restartPending: boolean().notNull().default(false),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
    deletedAt: at(),
    /** When the domain and its volumes were removed from the host after deletion. */
    removedAt: at(),
  },
  (t) => [
    index('libvirt_servers_host_idx').on(t.hostId).where(sql`deleted_at IS NULL`),
    index('libvirt_servers_pending_idx').on(t.ref).where(sql`removed_at IS NULL`),
  ],
);

export type LibvirtOperationKind =
  | 'take_snapshot'
  | 'restore_snapshot'
  | 'take_backup'
  | 'restore_backup'
  | 'resize'
  | 'reinstall';

/**
 * Long operations, as libvirt jobs and copies run them: convergence passes do the work and settle the
 * row. A failed one puts the server back as `resume*` says (status, size and image, password).
 */
export const libvirtOperations = pgTable(
  'libvirt_operations',
  {
    id: text().primaryKey(),
    serverRef: text().notNull(),
    kind: text().$type<LibvirtOperationKind>().notNull(),
    /** The snapshot or backup written or read; empty for a resize or reinstall. */
    imageRef: text().notNull(),
    state: text().$type<'running' | 'succeeded' | 'failed'>().notNull().default('running'),
    resumeStatus: text().$type<InstanceStatus>().notNull(),
    successStatus: text().$type<InstanceStatus>().notNull(),
    resumeSpec: jsonb().$type<ServerSpec>().notNull(),
    resumePasswordHash: text().notNull(),
    sizeMb: integer(),
    failure: text(),
    startedAt: at().notNull().defaultNow(),
    finishedAt: at(),
  },
  (t) => [index('libvirt_operations_image_idx').on(t.imageRef, t.kind)],
);

/** Snapshots and backups: a flat qcow2 copy of a server's disk in a pool of its host. */
export const libvirtImages = pgTable('libvirt_images', {
  ref: text().primaryKey(),
  kind: text().$type<'snapshot' | 'backup'>().notNull(),
  hostId: integer()
    .notNull()
    .references(() => libvirtHosts.id),
  pool: text().notNull(),
  volume: text().notNull(),
  serverRef: text().notNull(),
  /** The server's `bootImage`, which a server built from this copy boots the same way. */
  bootImage: text(),
  complete: boolean().notNull().default(false),
  sizeMb: integer(),
  createdAt: at().notNull().defaultNow(),
});

/**
 * Custom ISOs: written to the storage pool of every host of the driver that was up when the image was
 * started, so a server on any of them can have it in its drive.
 */
export const libvirtIsos = pgTable(
  'libvirt_isos',
  {
    ref: text().notNull(),
    hostId: integer()
      .notNull()
      .references(() => libvirtHosts.id, { onDelete: 'cascade' }),
    volume: text().notNull(),
    bytes: bigint({ mode: 'number' }).notNull().default(0),
    complete: boolean().notNull().default(false),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ref, t.hostId] })],
);

/** The last cumulative counters read from a running domain, which the next reading is measured against. */
export const libvirtCounters = pgTable('libvirt_counters', {
  ref: text().primaryKey(),
  readAt: at().notNull(),
  cpuTimeNs: bigint({ mode: 'number' }).notNull(),
  readRequests: bigint({ mode: 'number' }).notNull(),
  writeRequests: bigint({ mode: 'number' }).notNull(),
  readBytes: bigint({ mode: 'number' }).notNull(),
  writeBytes: bigint({ mode: 'number' }).notNull(),
  receivedBytes: bigint({ mode: 'number' }).notNull(),
  sentBytes: bigint({ mode: 'number' }).notNull(),
});

/** Bytes a server moved (in + out), per minute it was read: what bandwidth usage adds up. */
export const libvirtTraffic = pgTable(
  'libvirt_traffic',
  {
    ref: text().notNull(),
    minute: at().notNull(),
    bytes: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ref, t.minute] })],
);
