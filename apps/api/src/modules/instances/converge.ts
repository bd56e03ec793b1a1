import { isStableInstanceStatus, type NetworkStatus } from '@nimbus/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { logActivity } from '../activity-log/activity-log.service';
import { type Hypervisor, HypervisorError, type ServerState, serverRef } from '../compute/hypervisor';
import { attachAssignedFloatingIps } from '../floating-ips/ordered-floating-ips';
import { failInstanceCreation } from './creation/creation-failure';
import { serverSpecOf } from './creation/server-spec';
import { instances } from './instances.tables';
import { closeCycle, cycleOfInstance } from './network/bandwidth';

/**
 * Provisioning convergence: brings an instance row and its server on the driver together, one idempotent
 * step per run. The row says what should be (provisioning, ready, deleting); the driver says what is.
 * A run that crashes anywhere leaves a state the next run (or the sweeper) picks up again.
 */

export const CONVERGE_JOB = 'instances.converge';
export const CONVERGE_SWEEP_JOB = 'instances.converge-sweep';

type ConvergeDeps = { db: Database; hypervisor: Hypervisor };
type InstanceRow = typeof instances.$inferSelect;

const convergeKey = (instanceId: number) => `instance:${instanceId}`;

/**
 * Asks for a converge run of one instance (after creation, power actions, deletion). The converge queue's
 * 'short' policy keeps one waiting run per instance: while one waits, this asks for nothing more and
 * answers false, so the sweeper and the self-requeue make one chain of runs, not one more every minute.
 */
export async function requestConverge(
  jobs: JobQueue,
  instanceId: number,
  delaySeconds?: number,
): Promise<boolean> {
  const id = await jobs.send(
    CONVERGE_JOB,
    { instanceId },
    { singletonKey: convergeKey(instanceId), startAfterSeconds: delaySeconds },
  );
  return id !== null;
}

/** One step for one instance: 'settled' when nothing more is to be done, 'pending' to run again soon. */
export async function convergeInstance(
  deps: ConvergeDeps,
  instanceId: number,
): Promise<'settled' | 'pending'> {
  const { db } = deps;
  try {
    return await db.transaction(async (tx) => {
      // The row lock makes this run the only one on the instance; a busy row means another run (or an
      // action) is on it, and this one simply comes back later.
      const [row] = await tx
        .select()
        .from(instances)
        .where(eq(instances.id, instanceId))
        .for('update', { skipLocked: true });
      if (!row) {
        const [exists] = await tx
          .select({ id: instances.id })
          .from(instances)
          .where(eq(instances.id, instanceId));
        return exists ? 'pending' : 'settled';
      }
      switch (row.lifecycle) {
        case 'provisioning':
          return provision(deps, tx, row);
        case 'ready':
          return follow(deps, tx, row);
        case 'deleting':
          return tearDown(deps, tx, row);
        default:
          return 'settled';
      }
    });
  } catch (error) {
    // The driver failing for now (infrastructure, invalid state) is retried by the next run.
    if (error instanceof HypervisorError) return 'pending';
    throw error;
  }
}

async function provision(deps: ConvergeDeps, tx: Tx, row: InstanceRow): Promise<'settled' | 'pending'> {
  const ref = serverRef(row.id);
  if (row.driverCreatedAt === null) {
    try {
      // Idempotent by ref: a create that reached the driver before a crash returns the same server.
      await deps.hypervisor.create(await serverSpecOf(tx, row));
    } catch (error) {
      // No room, or the image to build from is gone (a snapshot deleted meanwhile): the order fails and
      // its charge comes back, instead of asking again forever.
      if (error instanceof HypervisorError && (error.kind === 'no_capacity' || error.kind === 'not_found')) {
        await failInstanceCreation(tx, deps.hypervisor, row.id, error.message);
        return 'settled';
      }
      throw error;
    }
    await tx.update(instances).set({ driverCreatedAt: sql`now()` }).where(eq(instances.id, row.id));
  }
  const state = await deps.hypervisor.get(ref);
  if (!state) {
    // The driver has no such server (lost before it was recorded): create it again next run.
    await tx.update(instances).set({ driverCreatedAt: null }).where(eq(instances.id, row.id));
    return 'pending';
  }
  if (state.failure) {
    await failInstanceCreation(tx, deps.hypervisor, row.id, state.failure.reason);
    return 'settled';
  }
  const stable = isStableInstanceStatus(state.status);
  // Built: the floating IPs ordered with it are routed to it in the same step (a driver failure retries both).
  if (stable) await attachAssignedFloatingIps(tx, deps.hypervisor, row.id);
  await mirror(tx, row, state, stable ? { lifecycle: 'ready' } : {});
  return stable ? 'settled' : 'pending';
}

async function follow(deps: ConvergeDeps, tx: Tx, row: InstanceRow): Promise<'settled' | 'pending'> {
  const state = await deps.hypervisor.get(serverRef(row.id));
  if (!state) return 'settled';
  const stable = isStableInstanceStatus(state.status);
  // A resize or OS change ends when the follow job records its outcome together with the server's status
  // (instance-operations.ts). A settled status written here first would show the old size or image as
  // done, and a panel following the status (polling, with no event stream) would stop on it.
  if (row.operation !== null && stable) {
    await mirror(tx, row, { ...state, status: row.status }, {});
    return 'settled';
  }
  await mirror(tx, row, state, {});
  return stable ? 'settled' : 'pending';
}

async function tearDown(deps: ConvergeDeps, tx: Tx, row: InstanceRow): Promise<'settled'> {
  // The transfer of the last cycle, up to the deletion, is counted (and any overage charged) while the
  // driver still knows the server; the cycle's row makes a repeated run charge nothing.
  const until = row.deletionRequestedAt ?? new Date();
  await closeCycle(tx, deps.hypervisor, row, cycleOfInstance(row, until), until);
  // Deleting a server that is already gone succeeds, so a repeated run is harmless.
  await deps.hypervisor.delete(serverRef(row.id));
  const [deleted] = await tx
    .update(instances)
    .set({
      lifecycle: 'deleted',
      deletedAt: sql`now()`,
      networkStatus: 'terminated',
      updatedAt: sql`now()`,
    })
    .where(and(eq(instances.id, row.id), eq(instances.lifecycle, 'deleting')))
    .returning({ id: instances.id });
  if (deleted) {
    await logActivity(tx, {
      customerId: row.customerId,
      event: 'instance_deleted',
      data: { hostname: row.hostname },
      instanceId: row.id,
      mainIp: row.mainIp,
    });
  }
  return 'settled';
}

/** Copies the server's state into the row; writes (and bumps updatedAt) only when something differs. */
async function mirror(
  tx: Tx,
  row: InstanceRow,
  state: ServerState,
  extra: { lifecycle?: 'ready' },
): Promise<void> {
  const stable = isStableInstanceStatus(state.status);
  const networkStatus: NetworkStatus =
    row.networkStatus === 'initializing' && stable && state.status !== 'suspended'
      ? 'active'
      : row.networkStatus;
  const next = {
    status: state.status,
    networkStatus,
    mainIp: state.ipv4?.address ?? null,
    netmaskV4: state.ipv4?.netmask ?? null,
    gatewayV4: state.ipv4?.gateway ?? null,
    mainIpv6: state.ipv6?.address ?? null,
    ipv6Range: state.ipv6?.range ?? null,
    netmaskV6: state.ipv6?.netmask ?? null,
    gatewayV6: state.ipv6?.gateway ?? null,
    ...extra,
  };
  const changed = (Object.keys(next) as (keyof typeof next)[]).some((k) => row[k] !== next[k]);
  if (!changed) return;
  const firstStart = extra.lifecycle === 'ready' && row.startedAt === null;
  await tx
    .update(instances)
    .set({ ...next, updatedAt: sql`now()`, ...(firstStart ? { startedAt: sql`now()` } : {}) })
    .where(eq(instances.id, row.id));
}

/** Instances the sweeper looks at: not settled by the same rule as `instances_unsettled_idx`. */
async function unsettledInstanceIds(db: Database): Promise<number[]> {
  const rows = await db
    .select({ id: instances.id })
    .from(instances)
    .where(
      sql`${instances.lifecycle} IN ('provisioning', 'deleting') OR (${instances.lifecycle} = 'ready' AND ${instances.status} NOT IN ('active', 'shutdown', 'suspended', 'rescue'))`,
    )
    .orderBy(instances.updatedAt)
    .limit(1000);
  return rows.map((r) => r.id);
}

/**
 * The safety net: every minute, a converge run for each unsettled instance that has none waiting,
 * so a crash or a lost job still converges. Returns the ids it queued a run for.
 */
export async function sweepUnsettled(db: Database, jobs: JobQueue): Promise<number[]> {
  const asked: number[] = [];
  for (const id of await unsettledInstanceIds(db)) {
    if (await requestConverge(jobs, id)) asked.push(id);
  }
  return asked;
}
