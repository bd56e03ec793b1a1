import type { InstanceStatus } from '@nimbus/contract';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../db/client';
import { allocateAddress, releaseAddresses } from '../address-pools/address-pools';
import type { ServerSpec } from '../hypervisor';
import { FAULTABLE_STEPS, takeFault } from './faults';
import { finishOperation } from './operation-outcome';
import { simServers } from './simulator.tables';

/**
 * The provisioning state machine (instances.md §4). Each step is one transaction over one locked row:
 * it completes only if the row is still due and in the step the caller expected, so a duplicate job, a
 * sweeper racing a job, or a rerun after a crash never advances twice or allocates twice.
 */

/** Whether the image boots with a cloud-init seed (application settings or keys to install). */
const needsSeed = (spec: ServerSpec) => spec.source.kind === 'application' || spec.sshKeys.length > 0;

/** The status after `status` completes, or null when `status` is not a step the simulator advances. */
function nextStatus(status: InstanceStatus, spec: ServerSpec): InstanceStatus | null {
  switch (status) {
    case 'initializing':
      return 'preparing_disk';
    case 'preparing_disk':
      return 'preparing_network';
    case 'preparing_network':
      return needsSeed(spec) ? 'spawning_qemu_with_seed' : 'spawning_qemu';
    case 'spawning_qemu':
    case 'spawning_qemu_with_seed':
    case 'taking_snapshot':
    case 'loading_snapshot':
    case 'loading_backup':
      return 'active';
    default:
      return null;
  }
}

/** Statuses that settle by themselves after a step's time. */
const isTransitional = (status: InstanceStatus) =>
  (FAULTABLE_STEPS as readonly InstanceStatus[]).includes(status);

export const dueAfter = (now: Date, stepSeconds: number) => new Date(now.getTime() + stepSeconds * 1000);

export type StepOutcome =
  | { kind: 'advanced'; ref: string; status: InstanceStatus; stepDueAt: Date | null }
  | { kind: 'failed'; ref: string; step: InstanceStatus; reason: string }
  /** Not yet due; the caller may try again at `dueAt`. */
  | { kind: 'not_due'; ref: string; dueAt: Date }
  /** Gone, failed, settled, in another step than expected, or being advanced by someone else. */
  | { kind: 'skipped'; ref: string };

/** Marks the server failed at its current step and gives its addresses back. */
async function failServer(tx: DbOrTx, ref: string, step: InstanceStatus, reason: string, now: Date) {
  await releaseAddresses(tx, ref);
  await tx
    .update(simServers)
    .set({ failure: { step, reason }, stepDueAt: null, ipv4: null, ipv6: null, updatedAt: now })
    .where(eq(simServers.ref, ref));
}

/** Completes the server's current step if it is due. */
export async function advanceServer(
  db: Database,
  ref: string,
  opts: { now?: Date; stepSeconds: number; expected?: InstanceStatus },
): Promise<StepOutcome> {
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const [server] = await tx
      .select()
      .from(simServers)
      .where(and(eq(simServers.ref, ref), isNull(simServers.deletedAt), isNull(simServers.failure)))
      .for('update', { skipLocked: true });
    const next = server && nextStatus(server.status, server.spec);
    if (!server || !next || !server.stepDueAt || (opts.expected && server.status !== opts.expected)) {
      return { kind: 'skipped', ref };
    }
    if (server.stepDueAt > now) return { kind: 'not_due', ref, dueAt: server.stepDueAt };

    const step = server.status;
    const fault = await takeFault(tx, step, server.regionId);
    if (server.operationId) {
      // A long operation (snapshot, restore, resize, reinstall) ends, well or not; the server survives.
      const ended = await finishOperation(tx, server, { failure: fault }, now);
      await tx
        .update(simServers)
        .set({ ...ended, stepDueAt: null, operationId: null, updatedAt: now })
        .where(eq(simServers.ref, ref));
      return { kind: 'advanced', ref, status: ended.status, stepDueAt: null };
    }
    if (fault) {
      await failServer(tx, ref, step, fault, now);
      return { kind: 'failed', ref, step, reason: fault };
    }

    let { ipv4, ipv6 } = server;
    if (step === 'preparing_network') {
      const { spec } = server;
      if (spec.assignIpv4 && !ipv4) {
        ipv4 = await allocateAddress(tx, ref, server.regionId, spec.ddosProtected ? 'ddosIpv4' : 'ipv4');
        if (!ipv4) {
          const reason = `No free ${spec.ddosProtected ? 'DDoS-protected ' : ''}IPv4 address in the region`;
          await failServer(tx, ref, step, reason, now);
          return { kind: 'failed', ref, step, reason };
        }
      }
      if (spec.assignIpv6 && !ipv6) {
        ipv6 = await allocateAddress(tx, ref, server.regionId, 'ipv6');
        if (!ipv6) {
          const reason = 'No free IPv6 /64 in the region';
          await failServer(tx, ref, step, reason, now);
          return { kind: 'failed', ref, step, reason };
        }
      }
    }

    const stepDueAt = isTransitional(next) ? dueAfter(now, opts.stepSeconds) : null;
    await tx
      .update(simServers)
      .set({ status: next, stepDueAt, ipv4, ipv6, updatedAt: now })
      .where(eq(simServers.ref, ref));
    return { kind: 'advanced', ref, status: next, stepDueAt };
  });
}

/**
 * Pushes every server whose step is due forward, repeatedly, until nothing is due at `now`. With
 * `stepSeconds` 0 (the default, as in tests) each next step is due at once, so servers run all the way
 * to a stable state. Tests call this instead of waiting for jobs; the sweeper job calls it every minute
 * so a lost job or a crash still converges. Returns what changed, in order.
 */
export async function advanceDueServers(
  db: Database,
  now: Date = new Date(),
  stepSeconds = 0,
): Promise<StepOutcome[]> {
  const outcomes: StepOutcome[] = [];
  // A server has at most five steps; the bound only guards against a bug looping forever.
  for (let pass = 0; pass < 20; pass++) {
    const due = await db
      .select({ ref: simServers.ref })
      .from(simServers)
      .where(and(lte(simServers.stepDueAt, now), isNull(simServers.deletedAt), isNull(simServers.failure)))
      .orderBy(asc(simServers.stepDueAt))
      .limit(500);
    let changed = 0;
    for (const { ref } of due) {
      const outcome = await advanceServer(db, ref, { now, stepSeconds });
      if (outcome.kind === 'advanced' || outcome.kind === 'failed') {
        outcomes.push(outcome);
        changed++;
      }
    }
    if (changed === 0) break;
  }
  return outcomes;
}
