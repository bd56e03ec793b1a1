import type { InstanceStatus } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { jobSender } from '../../../jobs/sender';
import { createHypervisor } from '../compute';
import {
  addressesOf,
  advanceDueServers,
  plantFault,
  serverSpec,
  simServerRow,
  useSimulator,
} from '../compute.test-helpers';
import { HypervisorError } from '../hypervisor';
import { verifyServerPassword } from '../server-passwords';
import { advanceServer } from './transitions';

describe('simulator provisioning', () => {
  const sim = useSimulator();

  /** Completes one step at a time and records the statuses seen. */
  async function walk(ref: string): Promise<InstanceStatus[]> {
    const seen = [(await sim.hv.get(ref))!.status];
    for (let i = 0; i < 10; i++) {
      const outcome = await advanceServer(sim.db, ref, { stepSeconds: 0 });
      if (outcome.kind !== 'advanced') break;
      seen.push(outcome.status);
    }
    return seen;
  }

  it('defaults SIMULATOR_STEP_SECONDS to 0 in tests and 2 otherwise', () => {
    expect(sim.config.SIMULATOR_STEP_SECONDS).toBe(0);
    expect(sim.config.COMPUTE_DRIVER).toBe('simulator');
    expect(loadConfig({ NODE_ENV: 'production' }).SIMULATOR_STEP_SECONDS).toBe(2);
    expect(loadConfig({ NODE_ENV: 'test', SIMULATOR_STEP_SECONDS: '5' }).SIMULATOR_STEP_SECONDS).toBe(5);
    expect(() => loadConfig({ SIMULATOR_STEP_SECONDS: '-1' })).toThrow(/SIMULATOR_STEP_SECONDS/);
  });

  it('goes through every step to active, with spawning_qemu for a plain OS', async () => {
    const spec = serverSpec({ assignIpv6: true });
    const { ref, password } = await sim.hv.create(spec);
    expect(ref).toBe(spec.ref);
    expect(await walk(ref)).toEqual([
      'initializing',
      'preparing_disk',
      'preparing_network',
      'spawning_qemu',
      'active',
    ]);
    const server = (await sim.hv.get(ref))!;
    expect(server).toMatchObject({ status: 'active', hostname: spec.hostname, failure: null });
    expect(server.host).toMatch(/^sim-r1-h\d$/);
    expect(server.ipv4).toMatchObject({ netmask: '255.255.255.0', gateway: '198.18.2.1' });
    expect(server.ipv4!.address).toMatch(/^198\.18\.2\.\d+$/);
    expect(server.ipv6).toMatchObject({ netmask: '64', gateway: 'fe80::1' });
    expect(server.ipv6!.range).toMatch(/^2001:db8:1:[0-9a-f]+::\/64$/);
    expect(server.ipv6!.address).toBe(server.ipv6!.range.replace('::/64', '::1'));
    expect(await verifyServerPassword((await simServerRow(sim.db, ref))!.passwordHash, password)).toBe(true);
  });

  it('spawns with a cloud-init seed for applications and for SSH keys', async () => {
    const app = serverSpec({
      source: { kind: 'application', appId: 1, osId: 1, osFamily: 'ubuntu', ocaData: {} },
    });
    const keyed = serverSpec({ sshKeys: ['ssh-ed25519 AAAA test'] });
    for (const spec of [app, keyed]) {
      await sim.hv.create(spec);
      expect(await walk(spec.ref)).toEqual([
        'initializing',
        'preparing_disk',
        'preparing_network',
        'spawning_qemu_with_seed',
        'active',
      ]);
    }
  });

  it('does not advance before the step is due, nor in another step than expected', async () => {
    const slow = createHypervisor({
      config: { ...sim.config, SIMULATOR_STEP_SECONDS: 60 },
      db: sim.db,
      jobs: jobSender(sim.db),
    });
    const { ref } = await slow.create(serverSpec());
    expect(await advanceServer(sim.db, ref, { stepSeconds: 60 })).toMatchObject({ kind: 'not_due' });
    const later = new Date(Date.now() + 61_000);
    expect(
      await advanceServer(sim.db, ref, { now: later, stepSeconds: 60, expected: 'preparing_disk' }),
    ).toEqual({
      kind: 'skipped',
      ref,
    });
    expect(
      await advanceServer(sim.db, ref, { now: later, stepSeconds: 60, expected: 'initializing' }),
    ).toMatchObject({
      kind: 'advanced',
      status: 'preparing_disk',
    });
    // Advancing everything due "now" moves it one step at a time when steps take time.
    const outcomes = await advanceDueServers(sim.db, new Date(later.getTime() + 61_000), 60);
    expect(outcomes.filter((o) => o.ref === ref)).toEqual([
      expect.objectContaining({ kind: 'advanced', status: 'preparing_network' }),
    ]);
  });

  it.each(['initializing', 'preparing_disk', 'preparing_network', 'spawning_qemu'] as const)(
    'fails at %s when a fault is planted there, and releases addresses',
    async (step) => {
      await plantFault(sim.db, { step, regionId: 2, reason: `broken ${step}` });
      const spec = serverSpec({ regionId: 2, assignIpv6: true });
      await sim.hv.create(spec);
      await advanceDueServers(sim.db);
      const server = (await sim.hv.get(spec.ref))!;
      expect(server.status).toBe(step);
      expect(server.failure).toEqual({ step, reason: `broken ${step}` });
      expect(server.ipv4).toBeNull();
      expect(await addressesOf(sim.db, spec.ref)).toEqual([]);
      // The fault is used up: the next server in the region is fine.
      const next = serverSpec({ regionId: 2 });
      await sim.hv.create(next);
      await advanceDueServers(sim.db);
      expect((await sim.hv.get(next.ref))!.status).toBe('active');
    },
  );

  it('fails at spawning_qemu_with_seed, counts --times and keeps faults to their region', async () => {
    await plantFault(sim.db, { step: 'spawning_qemu_with_seed', regionId: 3, times: 2 });
    const specs = [1, 2, 3].map(() => serverSpec({ regionId: 3, sshKeys: ['ssh-ed25519 AAAA k'] }));
    const elsewhere = serverSpec({ regionId: 4, sshKeys: ['ssh-ed25519 AAAA k'] });
    for (const spec of [...specs, elsewhere]) await sim.hv.create(spec);
    await advanceDueServers(sim.db);
    const states = await Promise.all(specs.map((s) => sim.hv.get(s.ref)));
    expect(states.filter((s) => s!.failure?.step === 'spawning_qemu_with_seed')).toHaveLength(2);
    expect(states.filter((s) => s!.status === 'active')).toHaveLength(1);
    expect((await sim.hv.get(elsewhere.ref))!.status).toBe('active');
  });

  it('survives a crash between steps: nothing is created twice and it still becomes active', async () => {
    const spec = serverSpec({ regionId: 5, assignIpv6: true });
    const first = await sim.hv.create(spec);
    await advanceServer(sim.db, spec.ref, { stepSeconds: 0 });
    await advanceServer(sim.db, spec.ref, { stepSeconds: 0 });
    // "Crash" while preparing the network: the caller lost the answer and retries the create.
    const second = await sim.hv.create(spec);
    expect(second.ref).toBe(first.ref);
    // The retry rotates the password: only the newest one is valid (see servers.ts create).
    const row = (await simServerRow(sim.db, spec.ref))!;
    expect(await verifyServerPassword(row.passwordHash, second.password)).toBe(true);
    expect(await verifyServerPassword(row.passwordHash, first.password)).toBe(false);
    expect(row.status).toBe('preparing_network');
    // Restart: the step job runs twice (duplicates) and the sweeper runs too.
    await Promise.all([
      advanceServer(sim.db, spec.ref, { stepSeconds: 0, expected: 'preparing_network' }),
      advanceServer(sim.db, spec.ref, { stepSeconds: 0, expected: 'preparing_network' }),
      advanceDueServers(sim.db),
    ]);
    await advanceDueServers(sim.db);
    expect((await sim.hv.get(spec.ref))!.status).toBe('active');
    expect(await addressesOf(sim.db, spec.ref)).toHaveLength(2);
    await sim.hv.create(spec);
    await advanceDueServers(sim.db);
    expect(await addressesOf(sim.db, spec.ref)).toHaveLength(2);
  });

  it('generates 16-character passwords with upper, lower and digits', async () => {
    const { generateServerPassword } = await import('../server-passwords');
    for (let i = 0; i < 200; i++) {
      const p = generateServerPassword();
      expect(p).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/\d/);
    }
    const { password } = await sim.hv.create(serverSpec());
    expect(password).toHaveLength(16);
  });

  it('refuses an unknown region and a re-create of a deleted server', async () => {
    await expect(sim.hv.create(serverSpec({ regionId: 999 }))).rejects.toMatchObject({ kind: 'no_capacity' });
    const spec = serverSpec();
    await sim.hv.create(spec);
    await sim.hv.delete(spec.ref);
    await expect(sim.hv.create(spec)).rejects.toBeInstanceOf(HypervisorError);
    expect(await sim.hv.get(spec.ref)).toBeNull();
    expect(await sim.hv.get('never-made')).toBeNull();
  });
});
