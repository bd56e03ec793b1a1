import type { InstanceStatus } from '@nimbus/contract';
import type { Database } from '../../../db/client';
import type { JobDefinition, JobQueue } from '../../../jobs/queue';
import { advanceDueServers, advanceServer, type StepOutcome } from './transitions';

const SIMULATOR_STEP_JOB = 'compute.simulator.step';
const SIMULATOR_SWEEP_JOB = 'compute.simulator.sweep';

interface SimulatorStepJob {
  ref: string;
  /** The step the job completes; a job for a step the server has left does nothing. */
  status: InstanceStatus;
}

/**
 * Schedules the completion of the server's current step in `seconds`. Best effort: the transition already
 * committed, and a job that cannot be sent (or is lost, or runs on a crashed worker) is made up for by the
 * sweeper. The queue's 'short' policy keeps one waiting job per server and step; a second one would be
 * harmless anyway (it finds the server no longer in that step).
 */
async function sendStep(queue: JobQueue, ref: string, status: InstanceStatus, seconds: number) {
  try {
    await queue.send<SimulatorStepJob>(
      SIMULATOR_STEP_JOB,
      { ref, status },
      { singletonKey: `${ref}:${status}`, startAfterSeconds: seconds },
    );
  } catch {
    // The sweeper advances servers whose step is due, jobs or not.
  }
}

const secondsUntil = (due: Date, now: Date) => Math.ceil((due.getTime() - now.getTime()) / 1000);

/** Schedules the completion of the server's current step, when it is due. */
export async function scheduleStep(
  queue: JobQueue,
  step: { ref: string; status: InstanceStatus; stepDueAt: Date | null },
  now = new Date(),
) {
  if (!step.stepDueAt) return;
  await sendStep(queue, step.ref, step.status, Math.max(0, secondsUntil(step.stepDueAt, now)));
}

async function scheduleNext(queue: JobQueue, outcome: StepOutcome) {
  if (outcome.kind === 'advanced') await scheduleStep(queue, outcome);
}

/** The simulator's jobs: one per step, and a sweeper that converges whatever jobs were lost. */
export function simulatorJobs(deps: {
  db: Database;
  queue: JobQueue;
  stepSeconds: number;
}): JobDefinition<never>[] {
  const { db, queue, stepSeconds } = deps;
  const step: JobDefinition<SimulatorStepJob> = {
    name: SIMULATOR_STEP_JOB,
    policy: 'short',
    retryLimit: 5,
    retryDelaySeconds: 2,
    concurrency: 4,
    handler: async ({ ref, status }) => {
      const outcome = await advanceServer(db, ref, { stepSeconds, expected: status });
      if (outcome.kind === 'not_due') {
        // Clocks of the worker and the database may differ a little: come back when it is due.
        await sendStep(queue, ref, status, Math.max(1, secondsUntil(outcome.dueAt, new Date())));
        return;
      }
      await scheduleNext(queue, outcome);
    },
  };
  const sweep: JobDefinition = {
    name: SIMULATOR_SWEEP_JOB,
    schedule: '* * * * *',
    retryLimit: 1,
    concurrency: 1,
    handler: async () => {
      for (const outcome of await advanceDueServers(db, new Date(), stepSeconds)) {
        await scheduleNext(queue, outcome);
      }
    },
  };
  return [step, sweep] as JobDefinition<never>[];
}
