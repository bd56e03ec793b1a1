import { describe, expect, it } from 'vitest';
import {
  addressesOf,
  advanceDueServers,
  serverSpec,
  simServerRow,
  useFleet,
  useSimulator,
} from '../compute.test-helpers';
import { GENERAL_HOSTS_PER_REGION, hostUsage } from './fleet';

describe('simulator fleet, capacity and addresses', () => {
  const sim = useSimulator();

  it('builds a region lazily and once, even under concurrent creates, with GPU hosts for its GPU models', async () => {
    await Promise.all(Array.from({ length: 8 }, () => sim.hv.create(serverSpec({ regionId: 1 }))));
    const hosts = await hostUsage(sim.db, 1);
    const gpu = hosts.filter((h) => h.gpuModel).map((h) => h.gpuModel);
    expect(hosts.filter((h) => !h.gpuModel)).toHaveLength(GENERAL_HOSTS_PER_REGION);
    expect(gpu.sort()).toEqual(['a100', 'rtx4090', 'rtx5090']);
    expect(hosts.reduce((n, h) => n + h.servers, 0)).toBe(8);
    // Spread over the hosts, not piled on one.
    expect(hosts.filter((h) => h.servers > 0).length).toBeGreaterThan(1);
    expect(await hostUsage(sim.db, 6)).toEqual([]);
  });

  it('places GPU servers only on hosts with that model, and ordinary ones never there', async () => {
    const spec = serverSpec({ regionId: 1, gpu: { model: 'a100', quantity: 2 } });
    await sim.hv.create(spec);
    expect((await sim.hv.get(spec.ref))!.host).toBe('sim-r1-gpu-a100');
    await expect(
      sim.hv.create(serverSpec({ regionId: 1, gpu: { model: 'a100', quantity: 7 } })),
    ).rejects.toMatchObject({ kind: 'no_capacity' });
    await expect(
      sim.hv.create(serverSpec({ regionId: 4, gpu: { model: 'a100', quantity: 1 } })),
    ).rejects.toMatchObject({ kind: 'no_capacity' });
  });

  it('never overfills a tiny region under concurrent creates, and delete gives capacity back', async () => {
    await useFleet(sim.db, 6, [{ vcpu: 4, ramMb: 8192, diskGb: 200 }]);
    const specs = Array.from({ length: 10 }, () => serverSpec({ regionId: 6, vcpu: 1, ramMb: 1024 }));
    const results = await Promise.allSettled(specs.map((s) => sim.hv.create(s)));
    const made = results.filter((r) => r.status === 'fulfilled');
    expect(made).toHaveLength(4);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ kind: 'no_capacity' });
    }
    const [host] = await hostUsage(sim.db, 6);
    expect(host!.vcpu).toEqual({ used: 4, capacity: 4 });

    const madeRefs = specs.filter((_, i) => results[i]!.status === 'fulfilled').map((s) => s.ref);
    await sim.hv.delete(madeRefs[0]!);
    await sim.hv.delete(madeRefs[0]!); // idempotent
    expect((await hostUsage(sim.db, 6))[0]!.vcpu.used).toBe(3);
    await sim.hv.create(serverSpec({ regionId: 6 }));
    await expect(sim.hv.create(serverSpec({ regionId: 6 }))).rejects.toMatchObject({ kind: 'no_capacity' });
  });

  it('hands out unique IPv4 addresses and /64s from the region pools, and delete releases them', async () => {
    const specs = Array.from({ length: 12 }, (_, i) =>
      serverSpec({ regionId: 2, assignIpv6: true, assignIpv4: i % 3 !== 0, ddosProtected: i % 4 === 1 }),
    );
    await Promise.all(specs.map((s) => sim.hv.create(s)));
    await advanceDueServers(sim.db);
    const states = await Promise.all(specs.map((s) => sim.hv.get(s.ref)));
    const v4 = states.map((s) => s!.ipv4?.address).filter(Boolean);
    const v6 = states.map((s) => s!.ipv6!.range);
    expect(new Set(v4).size).toBe(v4.length);
    expect(new Set(v6).size).toBe(12);
    for (const [i, spec] of specs.entries()) {
      const ip = states[i]!.ipv4;
      if (!spec.assignIpv4) {
        expect(ip).toBeNull();
        continue;
      }
      // Region 2: ordinary 198.18.4.0/24, protected 198.18.5.0/24.
      const net = spec.ddosProtected ? '198.18.5' : '198.18.4';
      expect(ip).toEqual({
        address: expect.stringMatching(`^${net}\\.`),
        netmask: '255.255.255.0',
        gateway: `${net}.1`,
      });
      expect(Number(ip!.address.split('.')[3])).toBeGreaterThan(1);
    }
    for (const s of states) expect(s!.ipv6!.range).toMatch(/^2001:db8:2:[0-9a-f]+::\/64$/);

    const gone = specs[1]!;
    const held = await addressesOf(sim.db, gone.ref);
    expect(held).toHaveLength(2);
    await sim.hv.delete(gone.ref);
    expect(await addressesOf(sim.db, gone.ref)).toEqual([]);
    expect((await simServerRow(sim.db, gone.ref))!.deletedAt).not.toBeNull();
    // The freed address is handed out again.
    const again = serverSpec({ regionId: 2, ddosProtected: true });
    await sim.hv.create(again);
    await advanceDueServers(sim.db);
    expect((await sim.hv.get(again.ref))!.ipv4!.address).toBe(held.find((a) => !a.includes(':')));
  });

  it('fails preparing_network when the pool is exhausted', async () => {
    // Region 3's protected pool (198.18.7.0/24): fill what the first server left.
    const first = serverSpec({ regionId: 3, ddosProtected: true });
    await sim.hv.create(first);
    await advanceDueServers(sim.db);
    const { ipAllocations, ipPools } = await import('../address-pools/address-pools.tables');
    const { and, eq } = await import('drizzle-orm');
    const [pool] = await sim.db
      .select()
      .from(ipPools)
      .where(and(eq(ipPools.regionId, 3), eq(ipPools.ddosProtected, true)));
    const rows = Array.from({ length: 253 }, (_, i) => ({
      address: `198.18.7.${i + 2}`,
      poolId: pool!.id,
      serverRef: 'filler',
    }));
    await sim.db.insert(ipAllocations).values(rows).onConflictDoNothing();
    const spec = serverSpec({ regionId: 3, ddosProtected: true });
    await sim.hv.create(spec);
    await advanceDueServers(sim.db);
    expect((await sim.hv.get(spec.ref))!.failure).toEqual({
      step: 'preparing_network',
      reason: 'No free DDoS-protected IPv4 address in the region',
    });
  });
});
