import { describe, expect, it } from 'vitest';
import { startJobQueue } from '../../../jobs/queue';
import { jobSender } from '../../../jobs/sender';
import { createHypervisor } from '../compute';
import { computeJobs } from '../compute.jobs';
import {
  advanceDueServers,
  plantFault,
  serverSpec,
  simServerRow,
  useSimulator,
} from '../compute.test-helpers';
import { verifyServerPassword } from '../server-passwords';

describe('simulator power, hostname, password and jobs', () => {
  const sim = useSimulator();

  it('turns off, on and restarts, refusing anything else', async () => {
    const ref = await sim.activeServer();
    await expect(sim.hv.powerOn(ref)).rejects.toMatchObject({ kind: 'invalid_state' });
    await sim.hv.restart(ref);
    expect((await sim.hv.get(ref))!.status).toBe('active');
    await sim.hv.powerOff(ref);
    expect((await sim.hv.get(ref))!.status).toBe('shutdown');
    await expect(sim.hv.powerOff(ref)).rejects.toMatchObject({ kind: 'invalid_state' });
    await expect(sim.hv.restart(ref)).rejects.toMatchObject({ kind: 'invalid_state' });
    await sim.hv.powerOn(ref);
    expect((await sim.hv.get(ref))!.status).toBe('active');

    const building = serverSpec();
    await sim.hv.create(building);
    for (const op of [sim.hv.powerOn, sim.hv.powerOff, sim.hv.restart]) {
      await expect(op(building.ref)).rejects.toMatchObject({ kind: 'invalid_state' });
    }
    await expect(sim.hv.powerOff('nope')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('refuses power on a failed server, which can still be deleted', async () => {
    await plantFault(sim.db, { step: 'preparing_disk', regionId: 1 });
    const spec = serverSpec();
    await sim.hv.create(spec);
    await advanceDueServers(sim.db);
    await expect(sim.hv.powerOn(spec.ref)).rejects.toMatchObject({ kind: 'invalid_state' });
    await sim.hv.delete(spec.ref);
    expect(await sim.hv.get(spec.ref)).toBeNull();
  });

  it('changes the hostname and resets the password', async () => {
    const ref = await sim.activeServer();
    await sim.hv.changeHostname(ref, 'renamed.example');
    expect((await sim.hv.get(ref))!.hostname).toBe('renamed.example');
    const { password, appliesAt } = await sim.hv.resetPassword(ref, 'root');
    expect(appliesAt).toBe('now');
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(await verifyServerPassword((await simServerRow(sim.db, ref))!.passwordHash, password)).toBe(true);
    await expect(sim.hv.resetPassword('nope', 'root')).rejects.toMatchObject({ kind: 'not_found' });
    await sim.hv.delete(ref);
    await expect(sim.hv.changeHostname(ref, 'x')).rejects.toMatchObject({ kind: 'not_found' });
    await sim.hv.delete('never-existed');
  });

  it('moves servers to active through pg-boss jobs alone', async () => {
    const stepConfig = { ...sim.config, SIMULATOR_STEP_SECONDS: 0 };
    const queue = await startJobQueue({
      connectionString: sim.url,
      jobs: computeJobs({ config: stepConfig, db: sim.db, jobs: jobSender(sim.db) }),
      runWorkers: true,
      log: { info: () => {}, error: () => {} },
    });
    try {
      const spec = serverSpec({ sshKeys: ['ssh-ed25519 AAAA k'] });
      await createHypervisor({ config: stepConfig, db: sim.db, jobs: jobSender(sim.db) }).create(spec);
      const deadline = Date.now() + 20_000;
      while ((await sim.hv.get(spec.ref))!.status !== 'active' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
      }
      expect((await sim.hv.get(spec.ref))!.status).toBe('active');
    } finally {
      await queue.stop();
    }
  });
});
