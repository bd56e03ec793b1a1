import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { activityLogs } from '../activity-log/activity-log.tables';
import { HypervisorError } from '../compute/hypervisor';
import { convergeInstance } from './converge';
import { fakeHypervisor } from './fake-hypervisor.test-helpers';
import { instances } from './instances.tables';
import { followOperation, insertInstance, useInstancesApp } from './instances.test-helpers';

vi.mock('../compute/compute', async () => {
  const { fakeHypervisor } = await import('./fake-hypervisor.test-helpers');
  return { createHypervisor: () => fakeHypervisor.driver };
});

describe('change OS and reinstall', () => {
  const env = useInstancesApp();
  const changeOs = (user = env.alice, id: number, osId: unknown) =>
    env.call(user, 'POST', `/api/instances/${id}/change-os`, { osId });
  const stored = async (id: number) =>
    (await env.db.select().from(instances).where(eq(instances.id, id)))[0]!;
  const logs = async (instanceId: number) =>
    env.db
      .select({ event: activityLogs.event, data: activityLogs.data })
      .from(activityLogs)
      .where(eq(activityLogs.instanceId, instanceId));

  it('installs another image with a new password shown once, dropping the application', async () => {
    const row = await insertInstance(env.db, env.alice.id, {
      osId: 101,
      appId: 7,
      ocaData: { admin_email: 'ada@example.com' },
    });
    const res = await changeOs(env.alice, row.id, 111);
    expect(res.statusCode, res.body).toBe(200);
    const { password } = res.json().data.data;
    expect(password).toMatch(/^Generated-Pass-\d+$/);
    expect(fakeHypervisor.servers.get(`instance-${row.id}`)!.status).toBe('preparing_disk');
    // The image changes once the driver's rebuild succeeds.
    expect((await stored(row.id)).osId).toBe(101);
    await followOperation(env, row.id);
    expect(await stored(row.id)).toMatchObject({
      osId: 111,
      osFamily: 'debian',
      osName: 'Debian 12 Bookworm',
      appId: null,
      ocaData: {},
      operation: null,
    });
    const entries = await logs(row.id);
    expect(entries.map((e) => e.event)).toEqual(['instance_os_changed']);
    expect(entries[0]!.data).toMatchObject({ osName: 'Debian 12 Bookworm', previousOsName: 'Ubuntu 24.04' });
    expect(JSON.stringify(entries)).not.toContain(password);
  });

  it('looks changing until the new image is recorded, even once the server itself is up', async () => {
    const row = await insertInstance(env.db, env.alice.id, { osId: 101 });
    expect((await changeOs(env.alice, row.id, 111)).statusCode).toBe(200);
    // The converge job can see the rebuilt server before the follow job records its image: a settled
    // status then would show the old image as done, and a panel polling by status would stop on it.
    for (let run = 0; run < 3; run++)
      await convergeInstance({ db: env.db, hypervisor: fakeHypervisor.driver }, row.id);
    expect(fakeHypervisor.servers.get(`instance-${row.id}`)!.status).toBe('active');
    const during = (await env.call(env.alice, 'GET', `/api/instances/${row.id}`)).json().data;
    expect(during).toMatchObject({ status: 'preparing_disk', osId: 101 });
    await followOperation(env, row.id);
    const after = (await env.call(env.alice, 'GET', `/api/instances/${row.id}`)).json().data;
    expect(after).toMatchObject({ status: 'active', osId: 111 });
  });

  it('reinstalls the same image keeping the application and its settings', async () => {
    const row = await insertInstance(env.db, env.alice.id, { osId: 101, appId: 7, ocaData: { site: 'x' } });
    const res = await changeOs(env.alice, row.id, 101);
    expect(res.statusCode, res.body).toBe(200);
    await followOperation(env, row.id);
    expect(await stored(row.id)).toMatchObject({ osId: 101, appId: 7, ocaData: { site: 'x' } });
    expect((await logs(row.id)).map((e) => e.event)).toEqual(['instance_reinstalled']);
  });

  it('keeps the old image when the rebuild fails half-way', async () => {
    const row = await insertInstance(env.db, env.alice.id, { osId: 101 });
    fakeHypervisor.knobs.failRebuilds = 1;
    expect((await changeOs(env.alice, row.id, 111)).statusCode).toBe(200);
    await followOperation(env, row.id);
    expect(await stored(row.id)).toMatchObject({ osId: 101, osName: row.osName, operation: null });
    expect((await logs(row.id)).map((e) => e.event)).toEqual(['instance_os_changed_failed']);
  });

  it('refuses images the instance cannot run, and instances that cannot change now', async () => {
    const small = await insertInstance(env.db, env.alice.id, { osId: 101, ramMb: 1024 });
    expect((await changeOs(env.alice, small.id, 164)).json()).toMatchObject({
      code: 'OS_NEEDS_MORE_MEMORY',
      detail: 'This image needs at least 4 GB of memory.',
    });
    const monitored = await insertInstance(env.db, env.alice.id, { osId: 101, ramMb: 4096, featureIds: [1] });
    expect((await changeOs(env.alice, monitored.id, 171)).json().code).toBe('FEATURE_NOT_SUPPORTED');
    expect((await changeOs(env.alice, monitored.id, 103)).json().code).toBe('NOT_AVAILABLE');
    expect((await changeOs(env.alice, monitored.id, 999)).statusCode).toBe(404);
    expect((await changeOs(env.alice, monitored.id, 'x')).statusCode).toBe(400);
    const rescue = await insertInstance(env.db, env.alice.id, { osId: 101, status: 'rescue' });
    expect((await changeOs(env.alice, rescue.id, 111)).json().code).toBe('NOT_AVAILABLE');
    const iso = await insertInstance(env.db, env.alice.id, { osId: null, isoId: 2 });
    expect((await changeOs(env.alice, iso.id, 111)).json().code).toBe('NOT_AVAILABLE');
    const busy = await insertInstance(env.db, env.alice.id, { osId: 101, status: 'taking_snapshot' });
    expect((await changeOs(env.alice, busy.id, 111)).json().code).toBe('INSTANCE_CHANGING');
    for (const id of [small.id, monitored.id, rescue.id, busy.id]) expect((await stored(id)).osId).toBe(101);
  });

  it('keeps the old image on a driver failure, and hides the instance from another customer', async () => {
    const row = await insertInstance(env.db, env.alice.id, { osId: 101 });
    fakeHypervisor.failNext('changeOs', new HypervisorError('infrastructure', 'image store down'));
    const failed = await changeOs(env.alice, row.id, 111);
    expect(failed.statusCode).toBe(500);
    expect(failed.json().code).toBe('INFRASTRUCTURE_ERROR');
    expect((await stored(row.id)).osId).toBe(101);
    expect((await logs(row.id)).map((e) => e.event)).toEqual(['instance_os_changed_failed']);
    const theirs = await changeOs(env.bob, row.id, 111);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual((await changeOs(env.bob, 2_000_000_000, 111)).json());
  });
});
