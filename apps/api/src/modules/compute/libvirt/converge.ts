import { and, eq, inArray, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client';
import { releaseAddresses } from '../address-pools/address-pools';
import { HypervisorError } from '../hypervisor';
import { BUILD_STEPS, buildStep } from './build-steps';
import { hostById, type LibvirtHost, recordHostHealth } from './hosts';
import { libvirtOperations, libvirtServers } from './libvirt.tables';
import { askShutdown, domainState, forceOff, isRunning, removeServer, startDomain } from './machine';
import { operationStep, undoOperation } from './operation-steps';
import { type LibvirtServer, syncDefinition, syncSeed, updateServer, writeRescueSeed } from './server-rows';
import { VirshError, virshFor } from './virsh';

export type { LibvirtServer };

/** How long a guest has to obey the ACPI power button before it is forced off. */
export const SHUTDOWN_TIMEOUT_MS = 60_000;

/**
 * Convergence: each server's row says what it should be (building, on, off, in rescue, in an
 * operation, gone); one pass looks at the host and does the next thing that makes it so. A pass holds
 * the row's lock, so two workers never act on one server at once, and every action is idempotent, so a
 * pass that died half-way is finished by the next one (a job's retry, or the sweeper).
 */
export type Pass = 'progressed' | 'waiting' | 'settled' | 'skipped';

async function failBuild(tx: Tx, server: LibvirtServer, reason: string) {
  await releaseAddresses(tx, server.ref);
  await updateServer(tx, server.ref, { failure: { step: server.status, reason }, ipv4: null, ipv6: null });
}

/** Brings a built server's domain to its wanted power state and boot (normal or rescue). */
async function powerStep(tx: Tx, server: LibvirtServer, host: LibvirtHost, now: Date): Promise<Pass> {
  const virsh = virshFor(host.uri);
  const current = await syncSeed(tx, server, host);
  const running = isRunning(await domainState(virsh, server.ref));
  if (server.restartPending) {
    // Into or out of rescue, or powered on: boot with the definition the status asks for.
    if (running) await forceOff(virsh, server.ref);
    if (server.status === 'rescue') await writeRescueSeed(tx, current, host);
    await syncDefinition(tx, current, host);
    if (server.status !== 'shutdown') await startDomain(virsh, server.ref);
    await updateServer(tx, server.ref, { restartPending: false, shutdownAskedAt: null });
    return 'progressed';
  }
  if (server.shutdownAskedAt) {
    const overdue = now.getTime() - server.shutdownAskedAt.getTime() > SHUTDOWN_TIMEOUT_MS;
    if (running && !overdue) {
      // Pressed again: a guest still booting has no one listening to the button yet.
      await askShutdown(virsh, server.ref);
      return 'waiting';
    }
    if (running) await forceOff(virsh, server.ref);
    await updateServer(tx, server.ref, { shutdownAskedAt: null });
    // Powered on again while it was shutting down: start it now that it is off.
    if (server.status !== 'shutdown') {
      await syncDefinition(tx, current, host);
      await startDomain(virsh, server.ref);
    }
    return 'progressed';
  }
  if (!running && server.status !== 'shutdown') {
    // The guest powered itself off (or its host restarted): show it as it is; rescue ends with it.
    await updateServer(tx, server.ref, { status: 'shutdown', rescuePasswordHash: null });
    return 'progressed';
  }
  if (running && server.status === 'shutdown') {
    // Started on the host by someone else (an operator's virsh start): show it as it is.
    await updateServer(tx, server.ref, { status: 'active' });
    return 'progressed';
  }
  if (!running) await syncDefinition(tx, current, host);
  return current === server ? 'settled' : 'progressed';
}

async function operationOf(tx: Tx, id: string) {
  const [op] = await tx.select().from(libvirtOperations).where(eq(libvirtOperations.id, id));
  return op ?? null;
}

/** One convergence pass over one server. */
export async function convergeServer(db: Database, ref: string, now = new Date()): Promise<Pass> {
  return db.transaction(async (tx) => {
    const [server] = await tx
      .select()
      .from(libvirtServers)
      .where(and(eq(libvirtServers.ref, ref), isNull(libvirtServers.removedAt)))
      .for('update', { skipLocked: true });
    if (!server) return 'skipped';
    const host = await hostById(tx, server.hostId);
    const op = server.operationId ? await operationOf(tx, server.operationId) : null;
    try {
      if (server.deletedAt) {
        await removeServer(virshFor(host.uri), host, ref);
        await updateServer(tx, ref, { removedAt: now });
        return 'progressed';
      }
      if (server.failure) return 'settled';
      if (op?.state === 'running') return await operationStep(tx, server, op, host, now);
      const next = await buildStep(tx, server, host);
      if (next) {
        await updateServer(tx, ref, { status: next });
        return 'progressed';
      }
      return await powerStep(tx, server, host, now);
    } catch (error) {
      if (error instanceof VirshError && error.hostUnreachable) {
        // The host is down: the server stays as it is, and the sweeper comes back.
        await recordHostHealth(tx, host, error.message);
        return 'waiting';
      }
      if (!(error instanceof HypervisorError) || server.deletedAt) throw error;
      if (op?.state === 'running') {
        await undoOperation(tx, server, op, host, error.message);
        return 'progressed';
      }
      if (BUILD_STEPS.includes(server.status)) {
        await failBuild(tx, server, error.message);
        return 'progressed';
      }
      throw error;
    }
  });
}

/** Servers a pass may have work for: being built, in an operation, or removed, shutting down, with a new seed. */
export async function serversWithWork(db: Database, limit = 500): Promise<string[]> {
  const rows = await db
    .select({ ref: libvirtServers.ref })
    .from(libvirtServers)
    .where(
      and(
        isNull(libvirtServers.removedAt),
        or(
          isNotNull(libvirtServers.deletedAt),
          and(
            isNull(libvirtServers.failure),
            or(
              inArray(libvirtServers.status, BUILD_STEPS),
              isNotNull(libvirtServers.operationId),
              isNotNull(libvirtServers.shutdownAskedAt),
              eq(libvirtServers.restartPending, true),
              lt(libvirtServers.seedWritten, libvirtServers.seedRevision),
            ),
          ),
        ),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.ref);
}

/** Every live, built server: the sweeper looks at each to see what its guest did by itself. */
export async function builtServers(db: Database, limit = 2000): Promise<string[]> {
  const rows = await db
    .select({ ref: libvirtServers.ref })
    .from(libvirtServers)
    .where(
      and(
        isNull(libvirtServers.deletedAt),
        isNull(libvirtServers.failure),
        ne(libvirtServers.status, 'initializing'),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.ref);
}

/** Passes over one server until it has nothing more to do now. */
export async function convergeUntilIdle(db: Database, ref: string): Promise<Pass> {
  for (let pass = 0; pass < 12; pass++) {
    const outcome = await convergeServer(db, ref);
    if (outcome !== 'progressed') return outcome;
  }
  return 'progressed';
}

/**
 * Passes over every server with work until none has any now; whether one is still waiting on its guest.
 * One server's failure does not keep the others waiting: the first is thrown once all had their turn.
 */
export async function convergeAll(db: Database): Promise<{ waiting: boolean }> {
  let waiting = false;
  let failure: unknown = null;
  for (const ref of await serversWithWork(db)) {
    try {
      if ((await convergeUntilIdle(db, ref)) === 'waiting') waiting = true;
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure) throw failure;
  return { waiting };
}
