import type { Duplex } from 'node:stream';
import type { InstanceStatus, MetricName } from '@nimbus/contract';

export type { MetricName };

/**
 * The one interface between Nimbus and the machines. Everything provider-specific (the simulator today;
 * Proxmox VE and libvirt/QEMU later) lives behind it; the instances area speaks only these words.
 *
 * Contract every driver keeps:
 * - `ref` is Nimbus's own stable name for a server (`instance-<id>`). `create` with a ref that already
 *   exists returns the existing server instead of making a second one, so a retried job never doubles.
 * - Operations start work and return; progress is read back with `get`. A server's `status` uses the
 *   spec's instance states (instances.md §4) and settles in a stable one (active, shutdown, rescue) or
 *   reports `failure`.
 * - `delete` of a server that is already gone succeeds (idempotent), and gives its capacity and addresses back.
 * - Errors are `HypervisorError`s; anything else is a bug.
 */

export type ServerSource =
  | { kind: 'os'; osId: number; osFamily: string }
  | { kind: 'application'; appId: number; osId: number; osFamily: string; ocaData: Record<string, string> }
  | { kind: 'snapshot'; snapshotRef: string; osFamily: string }
  | { kind: 'backup'; backupRef: string; osFamily: string }
  | { kind: 'iso'; isoRef: string; useVirtio: boolean };

/** CPU cores, memory in MB, disk in GB, monthly transfer in TB. */
export type MachineSize = Pick<ServerSpec, 'vcpu' | 'ramMb' | 'diskGb' | 'bandwidthTb'>;

/** The image a clean install writes, and the user whose password it sets. */
export interface ServerRebuild {
  source: ServerSource;
  username: string;
}

export interface ServerSpec {
  ref: string;
  regionId: number;
  hostname: string;
  vcpu: number;
  ramMb: number;
  diskGb: number;
  bandwidthTb: number;
  gpu: { model: string; quantity: number } | null;
  source: ServerSource;
  /** Public keys in OpenSSH format, installed for `username`. */
  sshKeys: string[];
  username: string;
  assignIpv4: boolean;
  assignIpv6: boolean;
  ddosProtected: boolean;
  /** Feature names to install (monitoring, …). */
  features: string[];
}

export type PasswordAppliesAt = 'now' | 'next_boot';

export interface Ipv4Address {
  address: string;
  netmask: string;
  gateway: string;
}
export interface Ipv6Address {
  /** The server's address inside its /64. */
  address: string;
  /** The routed /64, e.g. 2001:db8:0:12::/64. */
  range: string;
  netmask: string;
  gateway: string;
}

export interface ServerState {
  ref: string;
  status: InstanceStatus;
  hostname: string;
  ipv4: Ipv4Address | null;
  ipv6: Ipv6Address | null;
  /** The step that failed and why; the server is not usable. */
  failure: { step: InstanceStatus; reason: string } | null;
  /** The host the server runs on, for operators. */
  host: string;
}

export type HypervisorErrorKind =
  /** No host in the region can hold the server, or the address pool is empty. */
  | 'no_capacity'
  | 'not_found'
  /** The server is in a state that does not allow the operation (e.g. power on while initializing). */
  | 'invalid_state'
  /** The infrastructure failed; retrying later may succeed. */
  | 'infrastructure';

export class HypervisorError extends Error {
  constructor(
    readonly kind: HypervisorErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'HypervisorError';
  }
}

/**
 * A long operation the driver runs (a Proxmox task, an Incus operation, a libvirt job): the caller keeps
 * its id and a job follows it with `operation` until it ends. Starting the same operation again while it
 * runs (a retried request or job) returns the same handle.
 */
export interface OperationHandle {
  id: string;
}
export type OperationState =
  /** `progress` from 0 to 1 where the driver knows it. */
  | { state: 'running'; progress: number | null }
  /** `sizeMb`: the size of the image a snapshot or backup operation wrote. */
  | { state: 'succeeded'; sizeMb: number | null }
  /** The operation failed half-way; the server is back in the state it had before it started. */
  | { state: 'failed'; reason: string };

/**
 * A resize or reinstall the driver started. A server already in an operation refuses another
 * (`invalid_state`), so the caller stores the handle with its own record of the change.
 */
export interface StartedRebuild<P> {
  operation: OperationHandle;
  password: P;
}

export interface Hypervisor {
  readonly name: string;

  /** Starts building a server; returns the generated root/Administrator password. */
  create(spec: ServerSpec): Promise<{ ref: string; password: string }>;
  /** The server's current state, or null when it does not exist (never created, or deleted). */
  get(ref: string): Promise<ServerState | null>;
  powerOn(ref: string): Promise<void>;
  powerOff(ref: string): Promise<void>;
  restart(ref: string): Promise<void>;
  delete(ref: string): Promise<void>;
  changeHostname(ref: string, hostname: string): Promise<void>;
  /**
   * Sets a new generated password for `username` and returns it, with when the guest takes it: `now`
   * (a running guest's agent set it) or at its `next_boot` (through its first-boot configuration).
   */
  resetPassword(ref: string, username: string): Promise<{ password: string; appliesAt: PasswordAppliesAt }>;

  // ---- instance operations (issue 13): resize, OS, rescue, snapshots, backups, ISO, network, monitoring ----
  /**
   * Starts giving the server a new size on its host (`no_capacity` when the host has no room, refused at
   * once). A disk cannot shrink in place: a smaller disk needs `rebuild`, a clean install from that image,
   * whose new password is returned (null otherwise). The server is in a transitional status until the
   * operation ends (a running one restarts at its new size); failed half-way, it keeps its old size,
   * disk and password.
   */
  resize(ref: string, to: MachineSize, rebuild?: ServerRebuild): Promise<StartedRebuild<string | null>>;
  /**
   * Starts reinstalling from `source` (same image: reinstall) and returns the new password, which works
   * once the operation succeeds; failed half-way, the server keeps its old disk and password.
   */
  changeOs(ref: string, source: ServerSource, username: string): Promise<StartedRebuild<string>>;
  enableRescue(ref: string, password: string): Promise<void>;
  disableRescue(ref: string): Promise<void>;
  /** Writes the server's disk to a new image; the server is `taking_snapshot` until the operation ends. */
  takeSnapshot(ref: string, snapshotRef: string): Promise<OperationHandle>;
  /** Writes the image back over the server's disk; the server is `loading_snapshot` meanwhile. */
  restoreSnapshot(ref: string, snapshotRef: string): Promise<OperationHandle>;
  /** Where an operation stands; not_found for an id the driver never gave. */
  operation(id: string): Promise<OperationState>;
  deleteSnapshot(snapshotRef: string): Promise<void>;
  /**
   * Starts copying the server's disk to a backup while it keeps running (no status change); the
   * operation's success carries the size written. Asked again for the same backup, the same handle.
   */
  takeBackup(ref: string, backupRef: string): Promise<OperationHandle>;
  /** Writes the backup over the server's disk; the server is `loading_backup` until the operation ends. */
  restoreBackup(ref: string, backupRef: string): Promise<OperationHandle>;
  deleteBackup(backupRef: string): Promise<void>;
  /** Bytes of the custom ISO image the store holds (0 for none): where an interrupted download resumes. */
  isoStoredBytes(isoRef: string): Promise<number>;
  /**
   * Writes a piece of a custom ISO image. `offset` 0 starts the image over; any other offset must equal
   * the bytes stored (`invalid_state` otherwise), so pieces are never stored twice or out of order.
   * Returns the bytes stored.
   */
  writeIso(isoRef: string, offset: number, data: Uint8Array): Promise<number>;
  /** Seals a written image. Not an ISO 9660 image: `bootable` false, and the image is removed. */
  completeIso(isoRef: string): Promise<{ bootable: boolean }>;
  /** Removes the image; gone already is fine; `invalid_state` while a server has it attached. */
  deleteIso(isoRef: string): Promise<void>;
  /** Puts a complete image in the server's drive (`not_found` for an image that is not complete). */
  attachIso(ref: string, isoRef: string): Promise<void>;
  ejectIso(ref: string): Promise<void>;
  enableIp(ref: string, family: 'ipv4' | 'ipv6'): Promise<void>;
  /** Moves the server to a protected address; returns the new IPv4. */
  enableDdosProtection(ref: string): Promise<Ipv4Address>;
  /** Bytes transferred (in + out) between two instants. */
  bandwidthUsage(ref: string, from: Date, to: Date): Promise<{ bytes: number }>;
  metrics(
    ref: string,
    metric: MetricName,
    from: Date,
    to: Date,
    stepSeconds: number,
  ): Promise<{ timestamp: number; value: number }[]>;
  /**
   * One reading of every metric of each running server at `at` (a minute), in one call for many servers,
   * as a host's statistics come: servers that are off, unknown or gone are left out.
   */
  sampleMetrics(refs: string[], at: Date): Promise<Map<string, Record<MetricName, number>>>;
  /**
   * Opens the server's graphical console: a byte stream speaking RFB (VNC) with it, as libvirt's VNC
   * socket or Proxmox's vncwebsocket does; destroying the stream ends the session. Only while the
   * server runs (active or rescue; `invalid_state` otherwise).
   */
  openConsole(ref: string): Promise<Duplex>;

  // ---- floating IPs: addresses held apart from any server, attached to one at a time ----
  /**
   * Takes an IPv4 address of the region's pool for a floating IP and returns it; asked again with the
   * same `key`, the same address (a retried purchase never takes two). `no_capacity` when the pool is empty.
   */
  allocateFloatingIp(regionId: number, key: string): Promise<Ipv4Address>;
  /** Gives the address back to the pool, detaching it first; an address already given back is fine. */
  releaseFloatingIp(address: string): Promise<void>;
  /**
   * Routes the floating address to the server as well as its own; attached to it already is fine.
   * `not_found` for an unknown server or address; `invalid_state` while it is attached to another server.
   */
  attachFloatingIp(ref: string, address: string): Promise<void>;
  /** Stops routing it to the server; not attached (or the server gone) is fine; `not_found` for an unknown address. */
  detachFloatingIp(ref: string, address: string): Promise<void>;
  /** The server the address is attached to, or null; `not_found` for an unknown address. */
  floatingIpAttachment(address: string): Promise<string | null>;
}

/** Nimbus's name for an instance's server. */
export const serverRef = (instanceId: number) => `instance-${instanceId}`;
