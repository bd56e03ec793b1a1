import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { describeAddresses } from '../address-pools/address-pools';
import { floatingIpsOf } from '../address-pools/floating-ips';
import { domainPlanFor } from './domain-plan';
import { domainXml, macAddressFor, rescueSeedVolumeName, seedVolumeName } from './domain-xml';
import type { LibvirtHost } from './hosts';
import { libvirtServers } from './libvirt.tables';
import { defineDomain, writeSeed } from './machine';
import type { SeedContent } from './seed';
import { virshFor } from './virsh';

export type LibvirtServer = typeof libvirtServers.$inferSelect;

export async function updateServer(db: DbOrTx, ref: string, values: Partial<LibvirtServer>) {
  await db
    .update(libvirtServers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(libvirtServers.ref, ref));
}

export async function reloadServer(db: DbOrTx, ref: string): Promise<LibvirtServer> {
  const [row] = await db.select().from(libvirtServers).where(eq(libvirtServers.ref, ref));
  if (!row) throw new Error(`libvirt server ${ref} vanished`);
  return row;
}

/** The seed the server boots with: its own, or the rescue system's while in rescue. */
async function seedContent(db: DbOrTx, server: LibvirtServer, rescue: boolean): Promise<SeedContent> {
  const { spec } = server;
  return {
    instanceId: rescue ? `${server.ref}-rescue-${Date.now()}` : `${server.ref}-r${server.seedRevision}`,
    hostname: server.hostname,
    username: rescue ? 'root' : spec.username,
    passwordHash: rescue ? (server.rescuePasswordHash ?? server.passwordHash) : server.passwordHash,
    sshKeys: rescue ? [] : spec.sshKeys,
    macAddress: macAddressFor(server.ref),
    ...(await describeAddresses(db, server.ipv4, server.ipv6)),
    floatingIps: rescue ? [] : await floatingIpsOf(db, server.ref),
    applicationSettings: !rescue && spec.source.kind === 'application' ? spec.source.ocaData : null,
  };
}

/** Writes the server's seed if the host's is older than the row's revision. */
export async function syncSeed(db: DbOrTx, server: LibvirtServer, host: LibvirtHost): Promise<LibvirtServer> {
  if (server.seedWritten >= server.seedRevision) return server;
  await writeSeed(virshFor(host.uri), host, seedVolumeName(server.ref), await seedContent(db, server, false));
  await updateServer(db, server.ref, { seedWritten: server.seedRevision });
  return { ...server, seedWritten: server.seedRevision };
}

export async function writeRescueSeed(db: DbOrTx, server: LibvirtServer, host: LibvirtHost) {
  await writeSeed(
    virshFor(host.uri),
    host,
    rescueSeedVolumeName(server.ref),
    await seedContent(db, server, true),
  );
}

/** Defines the domain as the row wants it, unless the host already has exactly that definition. */
export async function syncDefinition(db: DbOrTx, server: LibvirtServer, host: LibvirtHost) {
  const plan = await domainPlanFor(db, server, host);
  const digest = createHash('sha256').update(domainXml(plan, host.domainType)).digest('hex');
  if (digest === server.definition) return;
  await defineDomain(virshFor(host.uri), host, plan);
  await updateServer(db, server.ref, { definition: digest });
}
