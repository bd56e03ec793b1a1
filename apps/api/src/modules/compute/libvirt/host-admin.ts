import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { ipPools } from '../address-pools/address-pools.tables';
import { hostUsage } from './hosts';
import { libvirtBaseImages, libvirtHosts, libvirtServers } from './libvirt.tables';
import { volumeExists } from './machine';
import { VirshError, virshFor } from './virsh';

/**
 * What the operator does to the libvirt driver's world (`npm run admin -- hosts|images|pools …`):
 * register KVM hosts and their base images, and the address pools servers take their addresses from.
 * Each command checks against the host itself before it records anything.
 */
export class HostAdminError extends Error {}

export interface NewHost {
  name: string;
  regionId: number;
  uri: string;
  storagePool: string;
  backupPool?: string;
  network: string;
  vncListen?: string;
  vcpu: number;
  ramMb: number;
  diskGb: number;
  /** Software emulation (TCG): for hosts whose KVM cannot run guests, and tests. */
  emulated: boolean;
}

const NETWORK = /^(user|bridge:[\w.-]+|network:[\w.-]+)$/;

async function checked<T>(what: string, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw new HostAdminError(`${what}: ${error instanceof VirshError ? error.message : String(error)}`);
  }
}

export async function addHost(db: Database, input: NewHost) {
  if (!NETWORK.test(input.network)) {
    throw new HostAdminError('--network is bridge:<name>, network:<name> or user.');
  }
  const [taken] = await db
    .select({ id: libvirtHosts.id })
    .from(libvirtHosts)
    .where(eq(libvirtHosts.name, input.name));
  if (taken) throw new HostAdminError(`A host named ${input.name} is already registered.`);
  const virsh = virshFor(input.uri);
  await checked(`${input.uri} does not answer`, virsh(['version'], { timeoutMs: 15_000 }));
  for (const pool of [input.storagePool, input.backupPool].filter((p): p is string => Boolean(p))) {
    const info = await checked(`Storage pool ${pool}`, virsh(['pool-info', pool]));
    if (!/State:\s+running/.test(info))
      throw new HostAdminError(`Storage pool ${pool} is not running (virsh pool-start ${pool}).`);
  }
  if (!input.emulated) {
    await checked(
      'The host offers no KVM (use --emulated for software emulation)',
      virsh(['domcapabilities', '--virttype', 'kvm']),
    );
  }
  const [host] = await db
    .insert(libvirtHosts)
    .values({
      name: input.name,
      regionId: input.regionId,
      uri: input.uri,
      storagePool: input.storagePool,
      backupPool: input.backupPool ?? null,
      network: input.network,
      vncListen: input.vncListen ?? '127.0.0.1',
      domainType: input.emulated ? 'qemu' : 'kvm',
      vcpuCapacity: input.vcpu,
      ramMbCapacity: input.ramMb,
      diskGbCapacity: input.diskGb,
      checkedAt: new Date(),
    })
    .returning();
  return host!;
}

async function hostNamed(db: Database, name: string) {
  const [host] = await db.select().from(libvirtHosts).where(eq(libvirtHosts.name, name));
  if (!host) throw new HostAdminError(`No host named ${name}.`);
  return host;
}

/** One line per host with its state and what its servers take. */
export async function listHosts(db: Database): Promise<string[]> {
  const hosts = await db
    .select({ regionId: libvirtHosts.regionId })
    .from(libvirtHosts)
    .groupBy(libvirtHosts.regionId);
  const lines: string[] = [];
  for (const { regionId } of hosts) {
    for (const u of await hostUsage(db, regionId)) {
      const h = u.host;
      lines.push(
        [
          `region ${h.regionId}`,
          h.name,
          h.state + (h.lastError ? ` (${h.lastError})` : ''),
          h.uri,
          `vCPU ${u.vcpu}/${h.vcpuCapacity}`,
          `RAM ${Math.round(u.ramMb / 1024)}/${Math.round(h.ramMbCapacity / 1024)} GB`,
          `disk ${u.diskGb}/${h.diskGbCapacity} GB`,
        ].join('  '),
      );
    }
  }
  return lines.length > 0 ? lines : ['No hosts: add one with "hosts add".'];
}

/** Draining takes no new servers; the ones on the host keep running. */
export async function setDraining(db: Database, name: string, draining: boolean) {
  const host = await hostNamed(db, name);
  await db
    .update(libvirtHosts)
    .set({ state: draining ? 'draining' : 'up' })
    .where(eq(libvirtHosts.id, host.id));
}

/** Only a host without live servers can go. */
export async function removeHost(db: Database, name: string) {
  const host = await hostNamed(db, name);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(libvirtServers)
    .where(and(eq(libvirtServers.hostId, host.id), isNull(libvirtServers.removedAt)));
  if (count && count.n > 0) {
    throw new HostAdminError(
      `${name} still has ${count.n} server(s): drain it and move or delete them first.`,
    );
  }
  await db.delete(libvirtHosts).where(eq(libvirtHosts.id, host.id));
}

const IMAGE_KEY = /^(os|app):\d+$|^rescue$/;

export async function addBaseImage(
  db: Database,
  input: { host: string; image: string; volume: string; kernel?: string; initrd?: string; cmdline?: string },
) {
  if (!IMAGE_KEY.test(input.image))
    throw new HostAdminError('The image is os:<OS version id>, app:<application id> or rescue.');
  if ((input.initrd || input.cmdline) && !input.kernel)
    throw new HostAdminError('--initrd and --cmdline go with --kernel.');
  const host = await hostNamed(db, input.host);
  const virsh = virshFor(host.uri);
  if (!(await checked('The host', volumeExists(virsh, host.storagePool, input.volume)))) {
    throw new HostAdminError(`Pool ${host.storagePool} on ${host.name} has no volume ${input.volume}.`);
  }
  const values = {
    kernel: input.kernel ?? null,
    initrd: input.initrd ?? null,
    cmdline: input.cmdline ?? null,
    volume: input.volume,
  };
  await db
    .insert(libvirtBaseImages)
    .values({ hostId: host.id, image: input.image, ...values })
    .onConflictDoUpdate({ target: [libvirtBaseImages.hostId, libvirtBaseImages.image], set: values });
}

export async function removeBaseImage(db: Database, hostName: string, image: string) {
  const host = await hostNamed(db, hostName);
  await db
    .delete(libvirtBaseImages)
    .where(and(eq(libvirtBaseImages.hostId, host.id), eq(libvirtBaseImages.image, image)));
}

export async function listBaseImages(db: Database): Promise<string[]> {
  const rows = await db
    .select({ host: libvirtHosts.name, image: libvirtBaseImages })
    .from(libvirtBaseImages)
    .innerJoin(libvirtHosts, eq(libvirtHosts.id, libvirtBaseImages.hostId))
    .orderBy(asc(libvirtHosts.name), asc(libvirtBaseImages.image));
  if (rows.length === 0) return ['No base images: add one with "images add".'];
  return rows.map(({ host, image }) =>
    [host, image.image, image.volume, ...(image.kernel ? [`kernel ${image.kernel}`] : [])].join('  '),
  );
}

const ipv4ToInt = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** An IPv4 subnet (addresses one by one) or an IPv6 /48 (cut into /64s) of a region. */
export async function addPool(
  db: Database,
  input: { regionId: number; network: string; gateway: string; ddos: boolean },
) {
  const [base, prefixText] = input.network.split('/');
  const prefix = Number(prefixText);
  if (base && IPV4.test(base)) {
    if (!Number.isInteger(prefix) || prefix < 16 || prefix > 30)
      throw new HostAdminError('An IPv4 pool is a /16 to /30.');
    if (base.split('.').some((p) => Number(p) > 255) || ipv4ToInt(base) % 2 ** (32 - prefix) !== 0) {
      throw new HostAdminError(`${input.network} is not a network address.`);
    }
    if (!IPV4.test(input.gateway)) throw new HostAdminError('--gateway is an IPv4 address.');
    const netmask = [24, 16, 8, 0]
      .map((s) => Math.floor((2 ** 32 - 2 ** (32 - prefix)) / 2 ** s) % 256)
      .join('.');
    await db.insert(ipPools).values({ ...input, family: 'ipv4', netmask, ddosProtected: input.ddos });
    return;
  }
  if (!base?.endsWith('::') || prefix !== 48)
    throw new HostAdminError('An IPv6 pool is a /48 written as 2001:db8:1::/48.');
  if (input.ddos) throw new HostAdminError('DDoS-protected pools are IPv4.');
  await db
    .insert(ipPools)
    .values({ ...input, family: 'ipv6', netmask: 'ffff:ffff:ffff:ffff::', ddosProtected: false });
}

export async function listPools(db: Database): Promise<string[]> {
  const rows = await db.select().from(ipPools).orderBy(asc(ipPools.regionId), asc(ipPools.id));
  if (rows.length === 0) return ['No address pools: add one with "pools add".'];
  return rows.map((p) =>
    [
      `region ${p.regionId}`,
      p.family,
      p.network,
      `gateway ${p.gateway}`,
      ...(p.ddosProtected ? ['DDoS-protected'] : []),
    ].join('  '),
  );
}
