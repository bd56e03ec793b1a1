import { randomUUID } from 'node:crypto';
import { unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DomainPlan, domainName, domainXml } from './domain-xml';
import type { LibvirtHost } from './hosts';
import { type SeedContent, seedImage } from './seed';
import { type DomainState, parseDomainState, type Virsh, VirshError } from './virsh';

/**
 * What the driver does to one server on its host. Every action is idempotent (it looks before it makes
 * or removes anything), so a step that died half-way is finished by running it again.
 */

/** Copying and uploading take longer than a query. */
const LONG_CALL_MS = 10 * 60_000;

async function withTempFile<T>(content: string, fn: (path: string) => Promise<T>): Promise<T> {
  const path = join(tmpdir(), `nimbus-libvirt-${randomUUID()}.xml`);
  await writeFile(path, content, { mode: 0o600 });
  try {
    return await fn(path);
  } finally {
    await unlink(path).catch(() => undefined);
  }
}

async function ignoreNotFound(call: Promise<unknown>) {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof VirshError && error.kind === 'not_found')) throw error;
  }
}

export async function volumeExists(virsh: Virsh, pool: string, volume: string): Promise<boolean> {
  try {
    await virsh(['vol-info', '--pool', pool, volume]);
    return true;
  } catch (error) {
    if (error instanceof VirshError && error.kind === 'not_found') return false;
    throw error;
  }
}

/** A disk as a qcow2 overlay on a base image (null: an empty disk, for an install from an ISO), `diskGb` large. */
export async function createDisk(
  virsh: Virsh,
  pool: string,
  volume: string,
  baseVolume: string | null,
  diskGb: number,
) {
  if (await volumeExists(virsh, pool, volume)) await deleteVolume(virsh, pool, volume);
  const backing = baseVolume
    ? `<backingStore><path>${(await virsh(['vol-path', '--pool', pool, baseVolume])).trim()}</path><format type='qcow2'/></backingStore>`
    : '';
  const xml = `<volume><name>${volume}</name><capacity unit='G'>${diskGb}</capacity><target><format type='qcow2'/></target>${backing}</volume>`;
  await withTempFile(xml, (path) => virsh(['vol-create', pool, path], { timeoutMs: LONG_CALL_MS }));
}

/** Writes a seed volume (made once, rewritten in place for each revision). */
export async function writeSeed(virsh: Virsh, host: LibvirtHost, volume: string, seed: SeedContent) {
  if (!(await volumeExists(virsh, host.storagePool, volume))) {
    await virsh(['vol-create-as', host.storagePool, volume, '1M', '--format', 'raw']);
  }
  const image = await seedImage(seed);
  try {
    await virsh(['vol-upload', '--pool', host.storagePool, volume, image.path], { timeoutMs: LONG_CALL_MS });
  } finally {
    await image.dispose();
  }
}

/** Defines (or redefines) the domain. */
export async function defineDomain(virsh: Virsh, host: LibvirtHost, plan: DomainPlan) {
  await withTempFile(domainXml(plan, host.domainType), (path) => virsh(['define', path]));
}

/** The domain's state, or null when the host has no such domain. */
export async function domainState(virsh: Virsh, ref: string): Promise<DomainState | null> {
  try {
    return parseDomainState(await virsh(['domstate', domainName(ref)]));
  } catch (error) {
    if (error instanceof VirshError && error.kind === 'not_found') return null;
    throw error;
  }
}

export const isRunning = (state: DomainState | null) =>
  state === 'running' || state === 'in shutdown' || state === 'paused';

export async function startDomain(virsh: Virsh, ref: string) {
  if (isRunning(await domainState(virsh, ref))) return;
  await virsh(['start', domainName(ref)]);
}

/** Asks the guest to shut down (the ACPI power button); one that stopped meanwhile is fine. */
export async function askShutdown(virsh: Virsh, ref: string) {
  if (!isRunning(await domainState(virsh, ref))) return;
  try {
    await virsh(['shutdown', domainName(ref), '--mode', 'acpi']);
  } catch (error) {
    if (!(error instanceof VirshError && error.kind === 'invalid_state')) throw error;
  }
}

/** Pulls the plug. */
export async function forceOff(virsh: Virsh, ref: string) {
  if (!isRunning(await domainState(virsh, ref))) return;
  try {
    await virsh(['destroy', domainName(ref)]);
  } catch (error) {
    // It stopped between the look and the destroy.
    if (!(error instanceof VirshError && error.kind === 'invalid_state')) throw error;
  }
}

/** Restarts the guest through ACPI, as pressing the power button and starting again would. */
export async function rebootDomain(virsh: Virsh, ref: string) {
  await virsh(['reboot', domainName(ref), '--mode', 'acpi']);
}

export const deleteVolume = (virsh: Virsh, pool: string, volume: string) =>
  ignoreNotFound(virsh(['vol-delete', '--pool', pool, volume], { timeoutMs: LONG_CALL_MS }));

/** Every volume of the pool whose name starts with `prefix`. */
export async function volumesStartingWith(virsh: Virsh, pool: string, prefix: string): Promise<string[]> {
  await virsh(['pool-refresh', pool]);
  const out = await virsh(['vol-list', pool]);
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/)[0] ?? '')
    .filter((name) => name.startsWith(prefix));
}

/** Removes the domain and every volume of the server from the host; whatever is already gone is fine. */
export async function removeServer(virsh: Virsh, host: LibvirtHost, ref: string) {
  await forceOff(virsh, ref);
  await ignoreNotFound(virsh(['undefine', domainName(ref)]));
  for (const volume of await volumesStartingWith(virsh, host.storagePool, `${domainName(ref)}-`)) {
    await deleteVolume(virsh, host.storagePool, volume);
  }
}

/** A flat copy of `source` (read through its backing chain) as `volume` in `pool`. */
export async function copyVolume(
  virsh: Virsh,
  from: { pool: string; volume: string },
  to: { pool: string; volume: string },
) {
  if (await volumeExists(virsh, to.pool, to.volume)) await deleteVolume(virsh, to.pool, to.volume);
  const xml = `<volume><name>${to.volume}</name><capacity>0</capacity><target><format type='qcow2'/></target></volume>`;
  await withTempFile(xml, (path) =>
    virsh(['vol-create-from', to.pool, path, from.volume, '--inputpool', from.pool], {
      timeoutMs: LONG_CALL_MS,
    }),
  );
}

/** Grows a volume to `gb` (never shrinks it). */
export async function growVolume(virsh: Virsh, pool: string, volume: string, gb: number) {
  const capacityBytes = await volumeCapacity(virsh, pool, volume);
  if (capacityBytes >= gb * 1024 ** 3) return;
  await virsh(['vol-resize', '--pool', pool, volume, `${gb}G`]);
}

async function volumeInfo(virsh: Virsh, pool: string, volume: string) {
  const out = await virsh(['vol-info', '--pool', pool, volume, '--bytes']);
  const field = (name: string) => Number(out.match(new RegExp(`${name}:\\s+(\\d+)`))?.[1] ?? 0);
  return { capacity: field('Capacity'), allocation: field('Allocation') };
}
export const volumeCapacity = async (virsh: Virsh, pool: string, volume: string) =>
  (await volumeInfo(virsh, pool, volume)).capacity;
/** What the volume takes on disk, in MB (at least 1). */
export const volumeSizeMb = async (virsh: Virsh, pool: string, volume: string) =>
  Math.max(1, Math.ceil((await volumeInfo(virsh, pool, volume)).allocation / 1024 ** 2));

/** The folder a directory pool keeps its volumes in, on the host. */
export async function poolPath(virsh: Virsh, pool: string): Promise<string> {
  const xml = await virsh(['pool-dumpxml', pool]);
  const path = xml.match(/<path>([^<]+)<\/path>/)?.[1];
  if (!path) throw new VirshError('infrastructure', `Storage pool ${pool} has no target path.`);
  return path;
}

/**
 * Copies a running domain's disk to `volume` with libvirt's backup job (push mode): the guest keeps
 * running and the copy is consistent as of the moment it started. Waits for the job to end.
 */
export async function backupRunningDisk(virsh: Virsh, ref: string, pool: string, volume: string) {
  const target = `${await poolPath(virsh, pool)}/${volume}`;
  if (await volumeExists(virsh, pool, volume)) await deleteVolume(virsh, pool, volume);
  const xml = `<domainbackup><disks><disk name='vda' type='file'><target file='${target}'/><driver type='qcow2'/></disk><disk name='vdb' backup='no'/></disks></domainbackup>`;
  await withTempFile(xml, (path) => virsh(['backup-begin', domainName(ref), path]));
  for (;;) {
    const active = await virsh(['domjobinfo', domainName(ref)]);
    if (/Job type:\s+None/.test(active)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const completed = await virsh(['domjobinfo', domainName(ref), '--completed']);
  await virsh(['pool-refresh', pool]);
  if (!/Job type:\s+Completed/.test(completed)) {
    await deleteVolume(virsh, pool, volume);
    throw new VirshError('infrastructure', `The backup job of ${ref} did not complete: ${completed.trim()}`);
  }
}

/** Puts an image in the CD-ROM drive, or empties it, now and for the next boots. */
export async function changeMedia(virsh: Virsh, ref: string, path: string | null, running: boolean) {
  const args = [
    'change-media',
    domainName(ref),
    'sda',
    ...(path ? [path, '--insert', '--force'] : ['--eject', '--force']),
  ];
  try {
    await virsh([...args, '--config', ...(running ? ['--live'] : [])]);
  } catch (error) {
    // Ejecting an empty drive.
    if (!(path === null && error instanceof VirshError)) throw error;
  }
}

/** Whether the guest's QEMU guest agent answers (a guest without one, or still booting, does not). */
export async function hasGuestAgent(virsh: Virsh, ref: string): Promise<boolean> {
  try {
    await virsh(['qemu-agent-command', domainName(ref), '{"execute":"guest-ping"}', '--timeout', '3']);
    return true;
  } catch (error) {
    if (error instanceof VirshError && !error.hostUnreachable) return false;
    throw error;
  }
}
