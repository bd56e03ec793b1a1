import { ACCESS_SUSPENDED_MESSAGE } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { activityLogs } from '../activity-log/activity-log.tables';
import { customerWithCredit, post } from '../billing/billing.test-helpers';
import { HypervisorError } from '../compute/hypervisor';
import { fakeHypervisor } from './fake-hypervisor.test-helpers';
import { insertInstance, instanceEvents, useInstancesApp } from './instances.test-helpers';

vi.mock('../compute/compute', async () => {
  const { fakeHypervisor } = await import('./fake-hypervisor.test-helpers');
  return { createHypervisor: () => fakeHypervisor.driver };
});

describe('rescue mode', () => {
  const env = useInstancesApp();
  const { call } = env;
  const enable = (user = env.alice, id: number, password: unknown = 'Rescue123') =>
    call(user, 'POST', `/api/instances/${id}/rescue-mode`, { password });
  const disable = (user = env.alice, id: number) => call(user, 'DELETE', `/api/instances/${id}/rescue-mode`);
  const events = (instanceId: number) => instanceEvents(env.db, instanceId);

  it('boots the rescue system with a trimmed password and back, logging both without the password', async () => {
    const row = await insertInstance(env.db, env.alice.id);
    const on = await enable(env.alice, row.id, '  Rescue123  ');
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({
      code: 'OKAY',
      detail: 'Rescue mode enabled.',
      data: { status: 'rescue' },
    });
    expect(fakeHypervisor.servers.get(`instance-${row.id}`)!.status).toBe('rescue');
    const again = await enable(env.alice, row.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_IN_RESCUE');
    // The guest's own password, hostname and power-on are not available in rescue; restart is.
    expect((await call(env.alice, 'POST', `/api/instances/${row.id}/change-pass`)).statusCode).toBe(409);
    expect((await call(env.alice, 'POST', `/api/instances/${row.id}/poweron`)).json().code).toBe(
      'INSTANCE_MUST_BE_OFF',
    );
    expect((await call(env.alice, 'POST', `/api/instances/${row.id}/reset`)).json().data.status).toBe(
      'rescue',
    );

    const off = await disable(env.alice, row.id);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.status).toBe('active');
    const notInRescue = await disable(env.alice, row.id);
    expect(notInRescue.statusCode).toBe(409);
    expect(notInRescue.json().code).toBe('NOT_IN_RESCUE');
    expect(await events(row.id)).toEqual([
      'instance_rescue_enabled',
      'instance_restarted',
      'instance_rescue_disabled',
    ]);
    const logs = await env.db.select().from(activityLogs).where(eq(activityLogs.instanceId, row.id));
    expect(JSON.stringify(logs)).not.toContain('Rescue123');
  });

  it('enters rescue from a powered-off instance, and powering off in rescue ends it', async () => {
    const row = await insertInstance(env.db, env.alice.id, { status: 'shutdown' });
    expect((await enable(env.alice, row.id)).json().data.status).toBe('rescue');
    const off = await call(env.alice, 'POST', `/api/instances/${row.id}/poweroff`, {});
    expect(off.json().data.status).toBe('shutdown');
    expect((await call(env.alice, 'POST', `/api/instances/${row.id}/poweron`)).json().data.status).toBe(
      'active',
    );
  });

  it('refuses passwords that break the rules with 400 and the rule that failed', async () => {
    const row = await insertInstance(env.db, env.alice.id);
    const cases: [unknown, string][] = [
      ['', 'This field is required.'],
      ['   ', 'This field is required.'],
      ['Abc1234', 'The password must be at least 8 characters long.'],
      ['abcdefgh1', 'The password must contain a lowercase letter, an uppercase letter and a digit.'],
      ['ABCDEFGH1', 'The password must contain a lowercase letter, an uppercase letter and a digit.'],
      ['Abcdefghi', 'The password must contain a lowercase letter, an uppercase letter and a digit.'],
      [`Aa1${'x'.repeat(130)}`, 'The password must be at most 128 characters long.'],
      [12345678, ''],
    ];
    for (const [password, detail] of cases) {
      const res = await enable(env.alice, row.id, password);
      expect(res.statusCode, String(password)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      if (detail) expect(res.json().detail).toContain(detail);
    }
    const missing = await call(env.alice, 'POST', `/api/instances/${row.id}/rescue-mode`, {});
    expect(missing.statusCode).toBe(400);
    expect(fakeHypervisor.servers.get(`instance-${row.id}`)!.status).toBe('active');
    expect(await events(row.id)).toEqual([]);
  });

  it('answers 500 INFRASTRUCTURE_ERROR when the driver fails and 409 while the instance is changing', async () => {
    const row = await insertInstance(env.db, env.alice.id);
    fakeHypervisor.failNext('enableRescue', new HypervisorError('infrastructure', 'rescue image missing'));
    const failed = await enable(env.alice, row.id);
    expect(failed.statusCode).toBe(500);
    expect(failed.json().code).toBe('INFRASTRUCTURE_ERROR');
    expect(await events(row.id)).toEqual(['instance_rescue_enabled_failed']);
    const busy = await insertInstance(env.db, env.alice.id, { status: 'taking_snapshot' });
    const changing = await enable(env.alice, busy.id);
    expect(changing.statusCode).toBe(409);
    expect(changing.json().code).toBe('INSTANCE_CHANGING');
  });

  it("treats another customer's instance as missing, in both directions", async () => {
    const row = await insertInstance(env.db, env.alice.id);
    const theirs = await enable(env.bob, row.id);
    const missing = await enable(env.bob, 2_000_000_000);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    await enable(env.alice, row.id);
    const leave = await disable(env.bob, row.id);
    expect(leave.statusCode).toBe(404);
    expect(fakeHypervisor.servers.get(`instance-${row.id}`)!.status).toBe('rescue');
    expect(await events(row.id)).toEqual(['instance_rescue_enabled']);
  });

  it('refuses to enter or leave rescue while the account is suspended', async () => {
    const user = await customerWithCredit(env.app, env.db, 5_000_000);
    const active = await insertInstance(env.db, user.id);
    const inRescue = await insertInstance(env.db, user.id);
    expect((await enable(user, inRescue.id)).statusCode).toBe(200);
    await post(env.db, user.id, -6_000_000);
    for (const res of [await enable(user, active.id), await disable(user, inRescue.id)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'ACCESS_SUSPENDED', detail: ACCESS_SUSPENDED_MESSAGE });
    }
    expect(fakeHypervisor.servers.get(`instance-${inRescue.id}`)!.status).toBe('rescue');
  });
});
