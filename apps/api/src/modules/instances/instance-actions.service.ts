import {
  CANNOT_RESET_PASSWORD_MESSAGE,
  type Instance,
  instanceErrorCodes,
  isStableInstanceStatus,
  MUST_BE_OFF_MESSAGE,
  passwordResetUnsupportedFamilies,
  usernameForOsFamily,
} from '@nimbus/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { logActivity } from '../activity-log/activity-log.service';
import type { AuthenticatedCustomer } from '../auth/auth.guard';
import { type Hypervisor, HypervisorError, serverRef } from '../compute/hypervisor';
import { requestConverge } from './converge';
import { type InstanceRecord, toInstance } from './instance.mapper';
import { instanceNotFound } from './instance-reads.service';
import { accessSuspended, isAccountSuspended } from './instance-suspension';
import { findInstance } from './instances.repository';
import { instances } from './instances.tables';

type Customer = Pick<AuthenticatedCustomer, 'id' | 'status'>;
type PowerAction = 'powerOff' | 'powerOn' | 'restart';

const changing = () =>
  conflict(instanceErrorCodes.instanceChanging, 'The instance is changing. Try again when it has settled.');
const notAvailable = (detail: string) => conflict(instanceErrorCodes.notAvailable, detail);
export const infrastructureError = () =>
  new AppError(
    500,
    instanceErrorCodes.infrastructure,
    'The action could not be completed because of an infrastructure error. Please try again later.',
  );

/** Per power action: the driver call, the events it logs, and what its pre-check refuses. */
const power: Record<
  PowerAction,
  { event: string; refuse: (status: string) => AppError | null; invalidState: () => AppError }
> = {
  powerOff: {
    event: 'instance_powered_off',
    refuse: (s) => (s === 'shutdown' ? mustBeOn('The instance is already off.') : null),
    invalidState: () => mustBeOn('The instance cannot be turned off in its current state.'),
  },
  powerOn: {
    event: 'instance_powered_on',
    refuse: (s) => (s === 'active' || s === 'rescue' ? mustBeOff('The instance is already on.') : null),
    invalidState: () => mustBeOff(MUST_BE_OFF_MESSAGE),
  },
  restart: {
    event: 'instance_restarted',
    refuse: (s) => (s === 'shutdown' ? mustBeOn('Turn the instance on before restarting it.') : null),
    invalidState: () => mustBeOn('The instance cannot be restarted in its current state.'),
  },
};
function mustBeOn(detail: string) {
  return conflict(instanceErrorCodes.mustBeOn, detail);
}
function mustBeOff(detail: string) {
  return conflict(instanceErrorCodes.mustBeOff, detail);
}

/**
 * Server actions of the instance page: power, restart, hostname, password, rescue mode. Each is refused on a suspended
 * instance (403) or one that is changing (409), calls the driver outside any transaction, then mirrors
 * the server's new state and logs the outcome (failures too, in the activity log).
 */
export function createInstanceActions(deps: { db: Database; hypervisor: Hypervisor; jobs: JobQueue }) {
  const { db, hypervisor, jobs } = deps;

  /** The customer's instance, ready and stable, or the reason it cannot be acted on. */
  async function actionable(customer: Customer, id: number): Promise<InstanceRecord> {
    const record = await findInstance(db, customer.id, id, isAccountSuspended(customer.status));
    if (!record) throw instanceNotFound();
    if (record.suspended) throw accessSuspended();
    if (record.instance.lifecycle !== 'ready' || !isStableInstanceStatus(record.instance.status))
      throw changing();
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

  return {
    async power(customer: Customer, id: number, action: PowerAction): Promise<Instance> {
      const record = await actionable(customer, id);
      const rule = power[action];
      const refused = rule.refuse(record.instance.status);
      if (refused) throw refused;
      try {
        await hypervisor[action](serverRef(id));
      } catch (error) {
        await logFor(record, `${rule.event}_failed`, { reason: failureKind(error) });
        if (error instanceof HypervisorError && error.kind === 'invalid_state') throw rule.invalidState();
        throw infrastructureError();
      }
      await logFor(record, rule.event);
      return mirror(customer, record);
    },

    async changeHostname(customer: Customer, id: number, hostname: string): Promise<Instance> {
      const record = await actionable(customer, id);
      const previous = record.instance.hostname;
      if (hostname === previous)
        throw badRequest(instanceErrorCodes.hostnameUnchanged, 'The hostname is unchanged.');
      if (record.instance.status === 'rescue') throw notAvailable('Not available in rescue mode.');
      try {
        await hypervisor.changeHostname(serverRef(id), hostname);
      } catch (error) {
        await logFor(record, 'instance_hostname_changed_failed', {
          newHostname: hostname,
          reason: failureKind(error),
        });
        if (error instanceof HypervisorError && error.kind === 'invalid_state') throw changing();
        throw infrastructureError();
      }
      await db.transaction(async (tx) => {
        await tx.update(instances).set({ hostname, updatedAt: new Date() }).where(eq(instances.id, id));
        await logActivity(tx, {
          customerId: customer.id,
          event: 'instance_hostname_changed',
          data: { hostname, previousHostname: previous },
          instanceId: id,
          mainIp: record.instance.mainIp,
        });
      });
      return mirror(customer, { ...record, instance: { ...record.instance, hostname } });
    },

    /** A new generated password for root (Administrator on Windows), shown once and never stored. */
    async resetPassword(customer: Customer, id: number): Promise<{ password: string }> {
      const record = await actionable(customer, id);
      const family = record.instance.osFamily;
      if ((passwordResetUnsupportedFamilies as readonly string[]).includes(family ?? ''))
        throw notAvailable('Password reset is not available for this operating system.');
      if (record.instance.status === 'rescue') throw notAvailable('Not available in rescue mode.');
      let password: string;
      try {
        password = await hypervisor.resetPassword(serverRef(id), usernameForOsFamily(family));
      } catch (error) {
        await logFor(record, 'instance_password_reset_failed', { reason: failureKind(error) });
        if (error instanceof HypervisorError && error.kind === 'invalid_state') throw changing();
        throw new AppError(500, instanceErrorCodes.cannotResetPassword, CANNOT_RESET_PASSWORD_MESSAGE);
      }
      await logFor(record, 'instance_password_reset');
      await requestConverge(jobs, id, 2);
      return { password };
    },

    /**
     * Boots the rescue system with the customer's root password (checked by the contract's rules); the
     * password goes to the driver only, never to storage or the log.
     */
    async enableRescue(customer: Customer, id: number, password: string): Promise<Instance> {
      const record = await actionable(customer, id);
      if (record.instance.status === 'rescue')
        throw conflict(instanceErrorCodes.alreadyInRescue, 'The instance is already in rescue mode.');
      try {
        await hypervisor.enableRescue(serverRef(id), password);
      } catch (error) {
        await logFor(record, 'instance_rescue_enabled_failed', { reason: failureKind(error) });
        if (error instanceof HypervisorError && error.kind === 'invalid_state') throw changing();
        throw infrastructureError();
      }
      await logFor(record, 'instance_rescue_enabled');
      return mirror(customer, record);
    },

    /**
     * Ejects the custom ISO (instances.md §7 eject-iso): the instance boots from its disk again, so a
     * running one is restarted, as the panel says ("detached with reboot").
     */
    async ejectIso(customer: Customer, id: number): Promise<Instance> {
      const record = await actionable(customer, id);
      if (record.instance.isoId === null) throw notAvailable('No custom ISO is attached to this instance.');
      const running = record.instance.status === 'active' || record.instance.status === 'rescue';
      try {
        await hypervisor.ejectIso(serverRef(id));
        if (running) await hypervisor.restart(serverRef(id));
      } catch (error) {
        await logFor(record, 'instance_iso_ejected_failed', { reason: failureKind(error) });
        if (error instanceof HypervisorError && error.kind === 'invalid_state') throw changing();
        throw infrastructureError();
      }
      await db.transaction(async (tx) => {
        await tx.update(instances).set({ isoId: null, updatedAt: new Date() }).where(eq(instances.id, id));
        await logActivity(tx, {
          customerId: customer.id,
          event: 'instance_iso_ejected',
          data: { hostname: record.instance.hostname },
          instanceId: id,
          mainIp: record.instance.mainIp,
        });
      });
      return mirror(customer, { ...record, instance: { ...record.instance, isoId: null } });
    },

    /** Boots the instance's own system again. */
    async disableRescue(customer: Customer, id: number): Promise<Instance> {
      const record = await actionable(customer, id);
      if (record.instance.status !== 'rescue')
        throw conflict(instanceErrorCodes.notInRescue, 'The instance is not in rescue mode.');
      try {
        await hypervisor.disableRescue(serverRef(id));
      } catch (error) {
        await logFor(record, 'instance_rescue_disabled_failed', { reason: failureKind(error) });
        if (error instanceof HypervisorError && error.kind === 'invalid_state') throw changing();
        throw infrastructureError();
      }
      await logFor(record, 'instance_rescue_disabled');
      return mirror(customer, record);
    },
  };
}

const failureKind = (error: unknown) => (error instanceof HypervisorError ? error.kind : 'unexpected');
