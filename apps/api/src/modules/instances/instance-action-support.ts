import { type Instance, instanceErrorCodes, isStableInstanceStatus } from '@nimbus/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { AppError, conflict } from '../../lib/errors';
import { logActivity } from '../activity-log/activity-log.service';
import type { AuthenticatedCustomer } from '../auth/auth.guard';
import { type Hypervisor, HypervisorError, serverRef } from '../compute/hypervisor';
import { requestConverge } from './converge';
import { type InstanceRecord, toInstance } from './instance.mapper';
import { instanceNotFound } from './instance-reads.service';
import { accessSuspended, isAccountSuspended } from './instance-suspension';
import { findInstance } from './instances.repository';
import { instances } from './instances.tables';

/** What every server action of the instance page shares: the checks before, the log and the mirror after. */

export type Customer = Pick<AuthenticatedCustomer, 'id' | 'status'>;

export const changing = () =>
  conflict(instanceErrorCodes.instanceChanging, 'The instance is changing. Try again when it has settled.');
export const notAvailable = (detail: string) => conflict(instanceErrorCodes.notAvailable, detail);
export const infrastructureError = () =>
  new AppError(
    500,
    instanceErrorCodes.infrastructure,
    'The action could not be completed because of an infrastructure error. Please try again later.',
  );
export const failureKind = (error: unknown) => (error instanceof HypervisorError ? error.kind : 'unexpected');

export function instanceActionSupport(deps: { db: Database; hypervisor: Hypervisor; jobs: JobQueue }) {
  const { db, hypervisor, jobs } = deps;

  /** The customer's instance, ready and stable, or the reason it cannot be acted on. */
  async function actionable(customer: Customer, id: number): Promise<InstanceRecord> {
    const record = await findInstance(db, customer.id, id, isAccountSuspended(customer.status));
    if (!record) throw instanceNotFound();
    if (record.suspended) throw accessSuspended();
    // A resize or OS change whose outcome is not yet recorded counts as changing, whatever the status says.
    const { lifecycle, status, operation } = record.instance;
    if (lifecycle !== 'ready' || !isStableInstanceStatus(status) || operation !== null) throw changing();
    return record;
  }

  const logFor = (record: InstanceRecord, event: string, data: Record<string, unknown> = {}) =>
    logActivity(db, {
      customerId: record.instance.customerId,
      event,
      data: { hostname: record.instance.hostname, ...data },
      instanceId: record.instance.id,
      mainIp: record.instance.mainIp,
    });

  /** Reads the server back and stores what it reports, then answers the instance as it now is. */
  async function mirror(customer: Customer, record: InstanceRecord): Promise<Instance> {
    const row = record.instance;
    try {
      const state = await hypervisor.get(serverRef(row.id));
      if (state) {
        await db
          .update(instances)
          .set({ status: state.status, updatedAt: new Date() })
          .where(and(eq(instances.id, row.id), eq(instances.lifecycle, 'ready')));
      }
    } catch {
      // The action itself went through; the converge job reads the state again shortly.
    }
    // The converge job follows the server until it settles (the panel polls meanwhile).
    await requestConverge(jobs, row.id, 2);
    const fresh = await findInstance(db, customer.id, row.id, isAccountSuspended(customer.status));
    if (!fresh) throw instanceNotFound();
    return toInstance(fresh);
  }

  return { actionable, logFor, mirror };
}
