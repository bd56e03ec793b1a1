import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { HypervisorError } from '../compute/hypervisor';
import { fakeHypervisor } from './fake-hypervisor.test-helpers';
import { instances } from './instances.tables';
import { insertInstance, instanceEvents, useInstancesApp } from './instances.test-helpers';

vi.mock('../compute/compute', async () => {
  const { fakeHypervisor } = await import('./fake-hypervisor.test-helpers');
  return { createHypervisor: () => fakeHypervisor.driver };
});

describe('eject-iso', () => {
  const env = useInstancesApp();
  const eject = (user = env.alice, id: number) => env.call(user, 'POST', `/api/instances/${id}/eject-iso`);
  const events = (instanceId: number) => instanceEvents(env.db, instanceId);

  it('ejects the ISO through the driver, forgets it and logs it; a second eject has nothing to do', async () => {
    const row = await insertInstance(env.db, env.alice.id, { isoId: 5 });
    const res = await eject(env.alice, row.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.isoId).toBeNull();
    const [stored] = await env.db.select().from(instances).where(eq(instances.id, row.id));
    expect(stored!.isoId).toBeNull();
    const again = await eject(env.alice, row.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('NOT_AVAILABLE');
    expect(await events(row.id)).toEqual(['instance_iso_ejected']);
  });

  it('keeps the ISO when the driver fails, and hides the instance from another customer', async () => {
    const row = await insertInstance(env.db, env.alice.id, { isoId: 5 });
    fakeHypervisor.failNext('ejectIso', new HypervisorError('infrastructure', 'host down'));
    expect((await eject(env.alice, row.id)).json().code).toBe('INFRASTRUCTURE_ERROR');
    const [stored] = await env.db.select().from(instances).where(eq(instances.id, row.id));
    expect(stored!.isoId).toBe(5);
    const theirs = await eject(env.bob, row.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual((await eject(env.bob, 2_000_000_000)).json());
    expect(await events(row.id)).toEqual(['instance_iso_ejected_failed']);
  });
});
