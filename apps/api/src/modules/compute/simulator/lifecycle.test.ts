import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/db';
import { loadConfig } from '../../../config';
import type { Database } from '../../../db/client';
import { startJobQueue } from '../../../jobs/queue';
import { loadCatalogue } from '../../catalogue/catalogue.loader';
import { createHypervisor } from '../compute';
import { computeJobs } from '../compute.jobs';
import { advanceDueServers, plantFault, serverSpec, simServerRow } from '../compute.test-helpers';
import type { Hypervisor } from '../hypervisor';
import { verifyServerPassword } from './passwords';

const config = loadConfig({ NODE_ENV: 'test' });

describe('simulator power, hostname, password and jobs', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Database;
  let hv: Hypervisor;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await loadCatalogue(db, config.CATALOGUE_FILE);
    hv = createHypervisor({ config, db });
  });
  afterAll(() => database.drop());

  async function activeServer() {
    const spec = serverSpec();
    await hv.create(spec);
    await advanceDueServers(db);
    return spec.ref;
  }

  it('turns off, on and restarts, refusing anything else', async () => {
    const ref = await activeServer();
    await expect(hv.powerOn(ref)).rejects.toMatchObject({ kind: 'invalid_state' });
    await hv.restart(ref);
    expect((await hv.get(ref))!.status).toBe('active');
    await hv.powerOff(ref);
    expect((await hv.get(ref))!.status).toBe('shutdown');
    await expect(hv.powerOff(ref)).rejects.toMatchObject({ kind: 'invalid_state' });
    await expect(hv.restart(ref)).rejects.toMatchObject({ kind: 'invalid_state' });
    await hv.powerOn(ref);
    expect((await hv.get(ref))!.status).toBe('active');

    const building = serverSpec();
    await hv.create(building);
    for (const op of [hv.powerOn, hv.powerOff, hv.restart]) {
      await expect(op(building.ref)).rejects.toMatchObject({ kind: 'invalid_state' });
    }
    await expect(hv.powerOff('nope')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('refuses power on a failed server, which can still be deleted', async () => {
    await plantFault(db, { step: 'preparing_disk', regionId: 1 });
    const spec = serverSpec();
    await hv.create(spec);
    await advanceDueServers(db);
    await expect(hv.powerOn(spec.ref)).rejects.toMatchObject({ kind: 'invalid_state' });
    await hv.delete(spec.ref);
    expect(await hv.get(spec.ref)).toBeNull();
  });

  it('changes the hostname and resets the password', async () => {
    const ref = await activeServer();
    await hv.changeHostname(ref, 'renamed.example');
    expect((await hv.get(ref))!.hostname).toBe('renamed.example');
    const password = await hv.resetPassword(ref, 'root');
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(await verifyServerPassword((await simServerRow(db, ref))!.passwordHash, password)).toBe(true);
    await expect(hv.resetPassword('nope', 'root')).rejects.toMatchObject({ kind: 'not_found' });
    await hv.delete(ref);
    await expect(hv.changeHostname(ref, 'x')).rejects.toMatchObject({ kind: 'not_found' });
    await hv.delete('never-existed');
  });

  it('moves servers to active through pg-boss jobs alone', async () => {
    const stepConfig = { ...config, SIMULATOR_STEP_SECONDS: 0 };
    const queue = await startJobQueue({
      connectionString: database.url,
      jobs: computeJobs({ config: stepConfig, db }),
      runWorkers: true,
      log: { info: () => {}, error: () => {} },
    });
    try {
      const spec = serverSpec({ sshKeys: ['ssh-ed25519 AAAA k'] });
      await createHypervisor({ config: stepConfig, db }).create(spec);
      const deadline = Date.now() + 20_000;
      while ((await hv.get(spec.ref))!.status !== 'active' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
      }
      expect((await hv.get(spec.ref))!.status).toBe('active');
    } finally {
      await queue.stop();
    }
  });
});
