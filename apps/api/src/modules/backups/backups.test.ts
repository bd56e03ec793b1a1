import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { billableItems } from '../billing/billing.tables';
import { customerWithCredit, post } from '../billing/billing.test-helpers';
import { convergeInstance } from '../instances/converge';
import { anOrder, verifiedCustomer } from '../instances/creation/creation.test-helpers';
import { fakeHypervisor } from '../instances/fake-hypervisor.test-helpers';
import { insertInstance, instanceEvents, useInstancesApp } from '../instances/instances.test-helpers';
import { followBackupOperations, purgeDisabledBackups, takeDueBackups } from './backup-scheduler';
import { backupFiles, backupProfiles } from './backups.tables';

vi.mock('../compute/compute', async () => {
  const { fakeHypervisor } = await import('../instances/fake-hypervisor.test-helpers');
  return { createHypervisor: () => fakeHypervisor.driver };
});

const HOUR = 3_600_000;
let keys = 0;
const key = () => ({ 'idempotency-key': `backups-test-${Date.now()}-${++keys}` });
const weekly = { scheduleFrequency: 'weekly', scheduleWeekDays: [3, 1], periodId: 2 };

describe('automated backups', () => {
  const env = useInstancesApp();
  const deps = () => ({ db: env.db, hypervisor: fakeHypervisor.driver });
  const enable = (instanceId: number, body: object = weekly, user = env.alice) =>
    env.call(user, 'POST', '/api/backups', { instanceId, ...body }, key());
  const settings = (instanceId: number, user = env.alice) =>
    env.call(user, 'GET', `/api/backups?instanceId=${instanceId}`);
  const files = (instanceId: number) =>
    env.db
      .select()
      .from(backupFiles)
      .where(and(eq(backupFiles.instanceId, instanceId), isNull(backupFiles.deletedAt)));
  /** Makes the profile due now, as the scheduler will find it at its time. */
  const makeDue = (instanceId: number, at: Date) =>
    env.db.update(backupProfiles).set({ nextDueAt: at }).where(eq(backupProfiles.instanceId, instanceId));

  it('enables weekly backups billed at a share of the instance price, refusing what the spec rules out', async () => {
    const row = await insertInstance(env.db, env.alice.id, { regionId: 1, monthlyPrice: 10_000_000 });
    const off = await settings(row.id);
    expect(off.json().data).toMatchObject({
      status: 'disabled',
      scheduleFrequency: 'weekly',
      scheduleWeekDays: [0, 1],
    });

    const res = await enable(row.id);
    expect(res.statusCode, res.body).toBe(200);
    const on = res.json().data;
    expect(on).toMatchObject({
      status: 'active',
      scheduleWeekDays: [1, 3],
      periodId: 2,
      monthlyPrice: '2.00',
      feePercentage: 20,
      maxFiles: 3,
    });
    const next = new Date(on.nextBackupAt);
    expect([1, 3]).toContain(next.getUTCDay());
    expect(next.getUTCHours()).toBeGreaterThanOrEqual(4);
    expect(next.getUTCHours()).toBeLessThan(8);
    const [item] = await env.db
      .select()
      .from(billableItems)
      .where(and(eq(billableItems.instanceId, row.id), eq(billableItems.resourceType, 'backup')));
    expect(item).toMatchObject({
      billingCycle: 'hourly',
      monthlyPrice: 2_000_000,
      reason: 'backup-activated',
    });

    expect((await enable(row.id)).json().code).toBe('BACKUPS_ALREADY_ENABLED');
    const other = await insertInstance(env.db, env.alice.id, { regionId: 1 });
    expect((await enable(other.id, { ...weekly, scheduleWeekDays: [] })).statusCode).toBe(400);
    expect((await enable(other.id, { ...weekly, periodId: 99 })).json().code).toBe('BACKUP_PERIOD_UNKNOWN');
    const singapore = await insertInstance(env.db, env.alice.id, { regionId: 4 });
    expect((await enable(singapore.id)).json().code).toBe('BACKUPS_NOT_SUPPORTED');
    expect((await enable(row.id, weekly, env.bob)).statusCode).toBe(404);
    expect((await settings(row.id, env.bob)).statusCode).toBe(404);
    expect(await instanceEvents(env.db, row.id)).toEqual(['instance_backup_enabled']);
  });

  it('takes each due backup once, keeps the newest three, and reschedules', async () => {
    const row = await insertInstance(env.db, env.alice.id, { regionId: 1 });
    expect((await enable(row.id, { scheduleFrequency: 'daily', periodId: 1 })).statusCode).toBe(200);
    const base = Date.now();
    for (let day = 0; day < 5; day++) {
      const at = new Date(base + day * 24 * HOUR);
      await makeDue(row.id, at);
      await takeDueBackups(deps(), at);
      // The same run again (a retry, a second worker): nothing more is taken.
      await takeDueBackups(deps(), at);
      if (day === 0) {
        // The driver copies the disk while the instance runs: the file is being taken until it ends.
        expect((await files(row.id)).map((f) => f.status)).toEqual(['taking']);
        expect((await settings(row.id)).json().data.backupFiles[0].status).toBe('taking');
      }
      await followBackupOperations(deps(), at);
      await followBackupOperations(deps(), at);
    }
    const kept = await files(row.id);
    expect(kept).toHaveLength(3);
    expect(kept.every((f) => f.status === 'active' && f.sizeMb === 1024)).toBe(true);
    const all = await env.db.select().from(backupFiles).where(eq(backupFiles.instanceId, row.id));
    expect(all).toHaveLength(5);
    const view = (await settings(row.id)).json().data;
    expect(view.backupFiles).toHaveLength(3);
    expect(view.lastSuccessfulBackupTime).not.toBeNull();
    expect(new Date(view.nextBackupAt).getTime()).toBeGreaterThan(base + 4 * 24 * HOUR);
  });

  it('records a backup the driver failed to write, and keeps the schedule', async () => {
    const row = await insertInstance(env.db, env.alice.id, { regionId: 1 });
    await enable(row.id, { scheduleFrequency: 'daily', periodId: 1 });
    const now = new Date();
    await makeDue(row.id, now);
    await takeDueBackups(deps(), now);
    fakeHypervisor.knobs.failOperations = 1;
    await followBackupOperations(deps(), now);
    const [failed] = await files(row.id);
    expect(failed).toMatchObject({ status: 'failed', failure: 'The backup could not be written.' });
    expect(await instanceEvents(env.db, row.id)).toContain('instance_backup_failed');
    const view = (await settings(row.id)).json().data;
    expect(view.lastSuccessfulBackupTime).toBeNull();
    expect(new Date(view.nextBackupAt).getTime()).toBeGreaterThan(now.getTime());
  });

  it('restores a backup only with the exact word, following the instance until it is back', async () => {
    const row = await insertInstance(env.db, env.alice.id, { regionId: 1 });
    await enable(row.id, { scheduleFrequency: 'daily', periodId: 1 });
    const now = new Date();
    await makeDue(row.id, now);
    await takeDueBackups(deps(), now);
    await followBackupOperations(deps(), now);
    const [file] = await files(row.id);
    const restore = (confirm: string, user = env.alice) =>
      env.call(user, 'POST', `/api/backups/${file!.id}/restore`, { confirm });
    expect((await restore('restore')).json().code).toBe('CONFIRMATION_MISMATCH');
    expect((await restore('Restore', env.bob)).statusCode).toBe(404);
    const res = await restore('Restore');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('restoring');
    expect(fakeHypervisor.servers.get(`instance-${row.id}`)!.status).toBe('loading_backup');
    const again = await restore('Restore');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('BACKUP_NOT_RESTORABLE');
    for (let i = 0; i < 3; i++) await convergeInstance(deps(), row.id);
    await followBackupOperations(deps());
    expect((await files(row.id))[0]!.status).toBe('active');
    expect(await instanceEvents(env.db, row.id)).toEqual(
      expect.arrayContaining(['instance_backup_restore_requested', 'instance_backup_restored']),
    );
  });

  it('changes the schedule, then disables: the fee ends now and the files go after 72 hours', async () => {
    const row = await insertInstance(env.db, env.alice.id, { regionId: 1 });
    await enable(row.id);
    const updated = await env.call(env.alice, 'PUT', '/api/backups', {
      instanceId: row.id,
      scheduleFrequency: 'daily',
      scheduleWeekDays: [2],
      periodId: 6,
    });
    expect(updated.json().data).toMatchObject({
      scheduleFrequency: 'daily',
      scheduleWeekDays: null,
      periodId: 6,
    });
    const now = new Date();
    await makeDue(row.id, now);
    await takeDueBackups(deps(), now);
    await followBackupOperations(deps(), now);

    const off = await env.call(env.alice, 'DELETE', `/api/backups?instanceId=${row.id}`);
    expect(off.statusCode, off.body).toBe(200);
    const data = off.json().data;
    expect(data.status).toBe('disabled');
    expect(new Date(data.purgeAt).getTime() - Date.now()).toBeGreaterThan(71 * HOUR);
    expect(data.backupFiles).toHaveLength(1);
    const [item] = await env.db
      .select()
      .from(billableItems)
      .where(and(eq(billableItems.instanceId, row.id), eq(billableItems.resourceType, 'backup')));
    expect(item).toMatchObject({ status: 'terminated', reason: 'backup-deactivated' });
    expect((await env.call(env.alice, 'DELETE', `/api/backups?instanceId=${row.id}`)).json().code).toBe(
      'BACKUPS_NOT_ENABLED',
    );
    await purgeDisabledBackups(deps(), new Date(Date.now() + 71 * HOUR));
    expect(await files(row.id)).toHaveLength(1);
    await purgeDisabledBackups(deps(), new Date(Date.now() + 73 * HOUR));
    expect(await files(row.id)).toHaveLength(0);
  });

  it('lists every profile, refuses enabling while suspended, and starts backups chosen at creation', async () => {
    const user = await customerWithCredit(env.app, env.db, 50_000_000);
    const row = await insertInstance(env.db, user.id, { regionId: 1, hostname: 'listed-1' });
    await enable(row.id, weekly, user);
    const list = (await env.call(user, 'GET', '/api/backups/profiles')).json().data;
    expect(list).toEqual([
      expect.objectContaining({
        instanceId: row.id,
        instanceData: expect.objectContaining({ hostname: 'listed-1' }),
      }),
    ]);
    expect((await env.call(env.bob, 'GET', '/api/backups/profiles')).json().data).toEqual([]);

    const buyer = await verifiedCustomer({ app: env.app, db: env.db } as never);
    const created = await env.call(
      buyer,
      'POST',
      '/api/instances',
      anOrder({ backupSettings: { ...weekly } as never }),
      key(),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.results[0].instanceId as number;
    expect((await settings(id, buyer)).json().data).toMatchObject({ status: 'active', periodId: 2 });

    await post(env.db, user.id, -60_000_000);
    const other = await insertInstance(env.db, user.id, { regionId: 1 });
    expect((await enable(other.id, weekly, user)).json().code).toBe('ACCESS_SUSPENDED');
    // Disabling lowers what the customer owes: allowed while suspended.
    expect((await env.call(user, 'DELETE', `/api/backups?instanceId=${row.id}`)).statusCode).toBe(200);
  });

  it('builds a new instance from a backup, with the rules of a snapshot', async () => {
    const buyer = await verifiedCustomer({ app: env.app, db: env.db } as never);
    const row = await insertInstance(env.db, buyer.id, { regionId: 1, osId: 101, productId: 1, diskGb: 25 });
    await enable(row.id, { scheduleFrequency: 'daily', periodId: 1 }, buyer);
    const now = new Date();
    await makeDue(row.id, now);
    await takeDueBackups(deps(), now);
    await followBackupOperations(deps(), now);
    const [file] = await files(row.id);
    const order = (overrides: object) => anOrder({ backupId: file!.id, osId: null, ...overrides } as never);
    const refused = await env.call(buyer, 'POST', '/api/instances', order({ region: 2 }), key());
    expect(refused.json().code).toBe('INVALID_ORDER');
    const stranger = await verifiedCustomer({ app: env.app, db: env.db } as never);
    expect((await env.call(stranger, 'POST', '/api/instances', order({}), key())).statusCode).toBe(404);
    const created = await env.call(buyer, 'POST', '/api/instances', order({}), key());
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.results[0].instanceId as number;
    const detail = (await env.call(buyer, 'GET', `/api/instances/${id}`)).json().data;
    expect(detail.os).toMatchObject({ id: 101 });
    const deleting = await env.call(buyer, 'DELETE', `/api/backups/${file!.id}`);
    expect(deleting.json().code).toBe('INSTANCE_CHANGING');
  });
});
