import type { InstanceStatus } from '@nimbus/contract';
import type { Database } from '../../../db/client';
import type { JobDefinition, JobQueue } from '../../../jobs/queue';
import { jobSender } from '../../../jobs/sender';
import { advanceDueServers, advanceServer, type StepOutcome } from './transitions';

export const SIMULATOR_STEP_JOB = 'compute.simulator.step';
export const SIMULATOR_SWEEP_JOB = 'compute.simulator.sweep';

export interface SimulatorStepJob {
  ref: string;
  /** The step the job completes; a job for a step the server has left does nothing. */
  status: InstanceStatus;
}

/**
 * Schedules the completion of the server's current step. Best effort: the transition already committed,
 * and a job that cannot be sent (or is lost, or runs on a crashed worker) is made up for by the sweeper.
 * Two jobs for one step are harmless: the second finds the server no longer in that step.
 */
export async function scheduleStep(
  queue: JobQueue,
  step: { ref: string; status: InstanceStatus; stepDueAt: Date | null },
  now = new Date(),
) {
  if (!step.stepDueAt) return;
  const seconds = Math.max(0, Math.ceil((step.stepDueAt.getTime() - now.getTime()) / 1000));
  try {
    await queue.send<SimulatorStepJob>(
      SIMULATOR_STEP_JOB,
      { ref: step.ref, status: step.status },
      { singletonKey: `${step.ref}:${step.status}`, startAfterSeconds: seconds },
    );
  } catch {
    // The sweeper advances servers whose step is due, jobs or not.
  }
}

async function scheduleNext(queue: JobQueue, outcome: StepOutcome) {
  if (outcome.kind === 'advanced') await scheduleStep(queue, outcome);
}

/** The simulator's jobs: one per step, and a sweeper that converges whatever jobs were lost. */
export function simulatorJobs(deps: { db: Database; stepSeconds: number }): JobDefinition<never>[] {
  const { db, stepSeconds } = deps;
  const queue = jobSender(db);
  const step: JobDefinition<SimulatorStepJob> = {
    name: SIMULATOR_STEP_JOB,
    retryLimit: 5,
    retryDelaySeconds: 2,
    concurrency: 4,
    handler: async ({ ref, status }) => {
      const outcome = await advanceServer(db, ref, { stepSeconds, expected: status });
      if (outcome.kind === 'not_due') {
        // Clocks of the worker and the database may differ a little: come back when it is due.
        await queue
          .send<SimulatorStepJob>(
            SIMULATOR_STEP_JOB,
            { ref, status },
            {
              singletonKey: `${ref}:${status}:retry`,
              startAfterSeconds: Math.max(1, Math.ceil((outcome.dueAt.getTime() - Date.now()) / 1000)),
            },
          )
          .catch(() => {});
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
