import {
  CANNOT_RESET_PASSWORD_MESSAGE,
  type Instance,
  instanceErrorCodes,
  MUST_BE_OFF_MESSAGE,
  passwordResetUnsupportedFamilies,
  usernameForOsFamily,
} from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { logActivity } from '../activity-log/activity-log.service';
import { type Hypervisor, HypervisorError, type PasswordAppliesAt, serverRef } from '../compute/hypervisor';
import { requestConverge } from './converge';
import {
  type Customer,
  changing,
  failureKind,
  infrastructureError,
  instanceActionSupport,
  notAvailable,
} from './instance-action-support';
import { instances } from './instances.tables';

type PowerAction = 'powerOff' | 'powerOn' | 'restart';

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

  const { actionable, logFor, mirror } = instanceActionSupport(deps);

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
    async resetPassword(
      customer: Customer,
      id: number,
    ): Promise<{ password: string; appliesAt: PasswordAppliesAt }> {
      const record = await actionable(customer, id);
      const family = record.instance.osFamily;
      if ((passwordResetUnsupportedFamilies as readonly string[]).includes(family ?? ''))
        throw notAvailable('Password reset is not available for this operating system.');
      if (record.instance.status === 'rescue') throw notAvailable('Not available in rescue mode.');
      let reset: { password: string; appliesAt: PasswordAppliesAt };
      try {
        reset = await hypervisor.resetPassword(serverRef(id), usernameForOsFamily(family));
      } catch (error) {
        await logFor(record, 'instance_password_reset_failed', { reason: failureKind(error) });
        if (error instanceof HypervisorError && error.kind === 'invalid_state') throw changing();
        throw new AppError(500, instanceErrorCodes.cannotResetPassword, CANNOT_RESET_PASSWORD_MESSAGE);
      }
      await logFor(record, 'instance_password_reset');
      await requestConverge(jobs, id, 2);
      return reset;
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
