import { ACCESS_SUSPENDED_MESSAGE, CANNOT_RESET_PASSWORD_MESSAGE, instanceSchema } from '@nimbus/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { activityLogs } from '../activity-log/activity-log.tables';
import { customerWithCredit, post } from '../billing/billing.test-helpers';
import { HypervisorError } from '../compute/hypervisor';
import { fakeHypervisor } from './fake-hypervisor.test-helpers';
import { instances } from './instances.tables';
import { insertInstance, instanceEvents, useInstancesApp } from './instances.test-helpers';

vi.mock('../compute/compute', async () => {
  const { fakeHypervisor } = await import('./fake-hypervisor.test-helpers');
  return { createHypervisor: () => fakeHypervisor.driver };
});

describe('instance actions', () => {
  const env = useInstancesApp();
  const { call } = env;

  const events = (instanceId: number) => instanceEvents(env.db, instanceId);

  it('powers off, on and restarts through the driver, mirrors the state and logs it', async () => {
    const row = await insertInstance(env.db, env.alice.id);
    const off = await call(env.alice, 'POST', `/api/instances/${row.id}/poweroff`, {});
    expect(off.statusCode, off.body).toBe(200);
    expect(instanceSchema.parse(off.json().data).status).toBe('shutdown');
    const again = await call(env.alice, 'POST', `/api/instances/${row.id}/poweroff`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INSTANCE_MUST_BE_ON');
    expect((await call(env.alice, 'POST', `/api/instances/${row.id}/reset`)).json().code).toBe(
      'INSTANCE_MUST_BE_ON',
    );
    const on = await call(env.alice, 'POST', `/api/instances/${row.id}/poweron`);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.status).toBe('active');
    expect((await call(env.alice, 'POST', `/api/instances/${row.id}/poweron`)).json().code).toBe(
      'INSTANCE_MUST_BE_OFF',
    );
    expect((await call(env.alice, 'POST', `/api/instances/${row.id}/reset`)).statusCode).toBe(200);
    expect(await events(row.id)).toEqual([
      'instance_powered_off',
      'instance_powered_on',
      'instance_restarted',
    ]);
  });

  it('answers 500 INFRASTRUCTURE_ERROR when the driver fails, 409 when it refuses the state, and logs the failure', async () => {
    const row = await insertInstance(env.db, env.alice.id);
    fakeHypervisor.failNext('restart', new HypervisorError('infrastructure', 'host down'));
    const res = await call(env.alice, 'POST', `/api/instances/${row.id}/reset`);
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('INFRASTRUCTURE_ERROR');
    fakeHypervisor.failNext('powerOff', new Error('a bug in a driver'));
    expect((await call(env.alice, 'POST', `/api/instances/${row.id}/poweroff`)).json().code).toBe(
      'INFRASTRUCTURE_ERROR',
    );
    fakeHypervisor.failNext('powerOff', new HypervisorError('invalid_state', 'busy'));
    expect((await call(env.alice, 'POST', `/api/instances/${row.id}/poweroff`)).statusCode).toBe(409);
    expect(await events(row.id)).toEqual([
      'instance_restarted_failed',
      'instance_powered_off_failed',
      'instance_powered_off_failed',
    ]);
  });

  it('refuses actions on an unstable or provisioning instance with 409 INSTANCE_CHANGING', async () => {
    const busy = await insertInstance(env.db, env.alice.id, { status: 'taking_snapshot' });
    const building = await insertInstance(env.db, env.alice.id, {
      lifecycle: 'provisioning',
      status: 'initializing',
    });
    for (const id of [busy.id, building.id]) {
      const res = await call(env.alice, 'POST', `/api/instances/${id}/poweroff`);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('INSTANCE_CHANGING');
    }
  });

  it('changes the hostname (unchanged or invalid → 400) and resets the password', async () => {
    const row = await insertInstance(env.db, env.alice.id);
    const res = await call(env.alice, 'POST', `/api/instances/${row.id}/change-hostname`, {
      hostname: 'web-1.example',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.hostname).toBe('web-1.example');
    const [stored] = await env.db.select().from(instances).where(eq(instances.id, row.id));
    expect(stored!.hostname).toBe('web-1.example');
    const same = await call(env.alice, 'POST', `/api/instances/${row.id}/change-hostname`, {
      hostname: 'web-1.example',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().code).toBe('HOSTNAME_UNCHANGED');
    for (const hostname of ['', 'has space', '.dot', 'x'.repeat(70)]) {
      const bad = await call(env.alice, 'POST', `/api/instances/${row.id}/change-hostname`, { hostname });
      expect(bad.statusCode, hostname).toBe(400);
    }
    const pass = await call(env.alice, 'POST', `/api/instances/${row.id}/change-pass`);
    expect(pass.statusCode, pass.body).toBe(200);
    const { password } = pass.json().data;
    expect(password).toMatch(/^Generated-Pass-\d+$/);
    expect(pass.json().data.appliesAt).toBe('now');
    fakeHypervisor.failNext('resetPassword', new HypervisorError('infrastructure', 'agent down'));
    const failed = await call(env.alice, 'POST', `/api/instances/${row.id}/change-pass`);
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({
      code: 'COUDNT_RESET_VM_PASSWORD',
      detail: CANNOT_RESET_PASSWORD_MESSAGE,
    });
    const logged = await env.db
      .select({ data: activityLogs.data })
      .from(activityLogs)
      .where(and(eq(activityLogs.instanceId, row.id), eq(activityLogs.event, 'instance_password_reset')));
    expect(JSON.stringify(logged)).not.toContain(password);
    expect(await events(row.id)).toEqual([
      'instance_hostname_changed',
      'instance_password_reset',
      'instance_password_reset_failed',
    ]);
  });

  it('refuses a password reset on MikroTik and anything in rescue mode', async () => {
    const mikrotik = await insertInstance(env.db, env.alice.id, { osFamily: 'mikrotik' });
    const rescue = await insertInstance(env.db, env.alice.id, { status: 'rescue' });
    expect((await call(env.alice, 'POST', `/api/instances/${mikrotik.id}/change-pass`)).json().code).toBe(
      'NOT_AVAILABLE',
    );
    expect((await call(env.alice, 'POST', `/api/instances/${rescue.id}/change-pass`)).json().code).toBe(
      'NOT_AVAILABLE',
    );
    expect(
      (
        await call(env.alice, 'POST', `/api/instances/${rescue.id}/change-hostname`, { hostname: 'other' })
      ).json().code,
    ).toBe('NOT_AVAILABLE');
  });

  it("answers every action on another customer's instance exactly like a missing one", async () => {
    const row = await insertInstance(env.db, env.alice.id);
    const before = fakeHypervisor.servers.get(`instance-${row.id}`)!.status;
    const calls: [string, object | undefined][] = [
      ['poweroff', {}],
      ['poweron', undefined],
      ['reset', undefined],
      ['change-hostname', { hostname: 'stolen' }],
      ['change-pass', undefined],
    ];
    for (const [path, body] of calls) {
      const theirs = await call(env.bob, 'POST', `/api/instances/${row.id}/${path}`, body);
      const missing = await call(env.bob, 'POST', `/api/instances/2000000000/${path}`, body);
      expect(theirs.statusCode, path).toBe(404);
      expect(theirs.json()).toEqual(missing.json());
    }
    expect(fakeHypervisor.servers.get(`instance-${row.id}`)!.status).toBe(before);
    expect(await events(row.id)).toEqual([]);
  });

  it('reports instances of a billing-suspended account as suspended and refuses actions until credit returns', async () => {
    const user = await customerWithCredit(env.app, env.db, 5_000_000);
    const on = await insertInstance(env.db, user.id);
    const off = await insertInstance(env.db, user.id, { status: 'shutdown' });
    await post(env.db, user.id, -6_000_000);
    const list = (await call(user, 'GET', '/api/instances')).json().data.instances;
    for (const i of list)
      expect(i).toMatchObject({ status: 'suspended', networkStatus: 'suspended', isSuspended: true });
    expect((await call(user, 'GET', '/api/instances/stats')).json().data).toEqual({
      instanceCount: 2,
      poweredOnInstanceCount: 0,
      shutdownInstanceCount: 0,
      suspendedInstanceCount: 2,
    });
    expect((await call(user, 'GET', '/api/instances?status=suspended')).json().data.instances).toHaveLength(
      2,
    );
    expect((await call(user, 'GET', '/api/instances?status=active')).json().data.instances).toHaveLength(0);
    for (const [id, path, body] of [
      [on.id, 'poweroff', {}],
      [off.id, 'poweron', undefined],
      [on.id, 'reset', undefined],
      [on.id, 'change-hostname', { hostname: 'renamed' }],
      [on.id, 'change-pass', undefined],
    ] as const) {
      const res = await call(user, 'POST', `/api/instances/${id}/${path}`, body);
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toMatchObject({ code: 'ACCESS_SUSPENDED', detail: ACCESS_SUSPENDED_MESSAGE });
    }
    // The server keeps its power state: suspension blocks actions, it does not stop the machine.
    expect(fakeHypervisor.servers.get(`instance-${on.id}`)!.status).toBe('active');

    await post(env.db, user.id, 2_000_000);
    const detail = (await call(user, 'GET', `/api/instances/${on.id}`)).json().data;
    expect(detail).toMatchObject({ status: 'active', networkStatus: 'active', isSuspended: false });
    expect((await call(user, 'GET', `/api/instances/${off.id}`)).json().data.status).toBe('shutdown');
    expect((await call(user, 'POST', `/api/instances/${on.id}/poweroff`)).statusCode).toBe(200);
  });

  it('treats an administrator suspension the same way', async () => {
    const user = await customerWithCredit(env.app, env.db, 5_000_000);
    const row = await insertInstance(env.db, user.id);
    const { customers } = await import('../auth/auth.tables');
    await env.db.update(customers).set({ status: 'suspended_by_admin' }).where(eq(customers.id, user.id));
    expect((await call(user, 'GET', `/api/instances/${row.id}`)).json().data.status).toBe('suspended');
    expect((await call(user, 'POST', `/api/instances/${row.id}/reset`)).statusCode).toBe(403);
  });
});
