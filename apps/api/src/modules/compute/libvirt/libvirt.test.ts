import { verify } from 'unixcrypt';
import { describe, expect, it } from 'vitest';
import { diskVolumeName, domainName, seedVolumeName } from './domain-xml';
import { checkHosts } from './hosts';
import { libvirtHosts } from './libvirt.tables';
import {
  agentAnswers,
  domainStateOnHost,
  hostHas,
  libvirtUnavailable,
  serialConsole,
  TEST_POOL,
  testBridge,
  useLibvirt,
  waitForConsole,
} from './libvirt.test-helpers';

const unavailable = libvirtUnavailable();
if (unavailable) console.warn(`libvirt driver tests on real guests: SKIPPED (${unavailable})`);

describe.skipIf(unavailable !== null)('libvirt driver on real guests', { timeout: 180_000 }, () => {
  const lv = useLibvirt();

  async function until(ref: string, status: string) {
    for (let i = 0; i < 120; i++) {
      await lv.settle(ref);
      const state = await lv.driver.get(ref);
      if (state?.failure) throw new Error(`${ref} failed: ${state.failure.reason}`);
      if (state?.status === status) return state;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`${ref} never became ${status}`);
  }

  it('builds a server once per ref that boots with its hostname, password and address from the seed', async () => {
    const spec = lv.spec();
    const first = await lv.driver.create(spec);
    const retried = await lv.driver.create(spec);
    const state = await until(spec.ref, 'active');
    expect(state).toMatchObject({ ref: spec.ref, hostname: spec.hostname, failure: null });
    expect(state.ipv4?.address).toMatch(/^192\.0\.2\.\d+$/);
    expect(domainStateOnHost(domainName(spec.ref))).toBe('running');

    await waitForConsole(spec.ref, /nimbus-guest: ready/);
    const log = serialConsole(spec.ref);
    expect(log).toContain(`nimbus-guest: hostname ${spec.hostname}`);
    expect(log).toContain(`nimbus-guest: address ${state.ipv4?.address}/24`);
    const hash = log.match(/nimbus-guest: root password (\S+)/)?.[1] ?? '';
    // The retry's password is the one that counts; the first answer was lost.
    expect(verify(retried.password, hash)).toBe(true);
    expect(verify(first.password, hash)).toBe(false);
    await waitForConsole(spec.ref, new RegExp(`${spec.hostname} login:`));
    await lv.driver.delete(spec.ref);
    await lv.settle(spec.ref);
  });

  it('shuts down through ACPI, powers on, and refuses what the state does not allow', async () => {
    const spec = lv.spec();
    await lv.driver.create(spec);
    await until(spec.ref, 'active');
    await waitForConsole(spec.ref, /nimbus-guest: ready/);
    await lv.driver.powerOff(spec.ref);
    expect((await lv.driver.get(spec.ref))?.status).toBe('shutdown');
    await expect(lv.driver.powerOff(spec.ref)).rejects.toMatchObject({ kind: 'invalid_state' });
    await expect(lv.driver.restart(spec.ref)).rejects.toMatchObject({ kind: 'invalid_state' });
    // The guest obeys the power button well before the timeout that would force it off.
    for (let i = 0; i < 60 && domainStateOnHost(domainName(spec.ref)) !== 'shut off'; i++) {
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(domainStateOnHost(domainName(spec.ref))).toBe('shut off');
    await lv.settle(spec.ref);
    await lv.driver.powerOn(spec.ref);
    expect((await lv.driver.get(spec.ref))?.status).toBe('active');
    expect(domainStateOnHost(domainName(spec.ref))).toBe('running');
    await expect(lv.driver.powerOn(spec.ref)).rejects.toMatchObject({ kind: 'invalid_state' });
    await lv.driver.delete(spec.ref);
    await lv.settle(spec.ref);
  });

  it("sets a running guest's password through its agent at once, and a stopped one's at its next boot", async () => {
    const spec = lv.spec();
    await lv.driver.create(spec);
    await until(spec.ref, 'active');
    await waitForConsole(
      spec.ref,
      /nimbus-guest: guest agent on \/dev\/vport\d+p\d+[\s\S]*nimbus-guest: ready/,
    );
    // libvirt sees the agent once the guest has opened its port.
    await expect
      .poll(() => agentAnswers(domainName(spec.ref)), { timeout: 20_000, interval: 500 })
      .toBe(true);
    const live = await lv.driver.resetPassword(spec.ref, 'root');
    expect(live.appliesAt).toBe('now');
    const [, set] = await waitForConsole(spec.ref, /nimbus-guest: agent set root password (\S+)/);
    expect(verify(live.password, set!)).toBe(true);

    await lv.driver.powerOff(spec.ref);
    const later = await lv.driver.resetPassword(spec.ref, 'root');
    expect(later.appliesAt).toBe('next_boot');
    await lv.settle(spec.ref);
    await lv.driver.delete(spec.ref);
    await lv.settle(spec.ref);
  });

  it('gives a new hostname and password at the next boot, and removes the domain and its volumes on delete', async () => {
    const spec = lv.spec();
    await lv.driver.create(spec);
    await until(spec.ref, 'active');
    await waitForConsole(spec.ref, /nimbus-guest: ready/);
    await lv.driver.changeHostname(spec.ref, 'renamed-guest');
    const { password } = await lv.driver.resetPassword(spec.ref, 'root');
    await lv.settle(spec.ref);
    await lv.driver.restart(spec.ref);
    await waitForConsole(spec.ref, /nimbus-guest: hostname renamed-guest/);
    const hash = serialConsole(spec.ref).match(
      /hostname renamed-guest\s+nimbus-guest: root password (\S+)/,
    )?.[1];
    expect(hash && verify(password, hash)).toBe(true);

    await lv.driver.delete(spec.ref);
    expect(await lv.driver.get(spec.ref)).toBeNull();
    await lv.settle(spec.ref);
    expect(hostHas('domain', domainName(spec.ref))).toBe(false);
    expect(hostHas('volume', diskVolumeName(spec.ref))).toBe(false);
    expect(hostHas('volume', seedVolumeName(spec.ref))).toBe(false);
    await lv.driver.delete(spec.ref);
  });

  it.skipIf(testBridge() === null)(
    'counts a running guest’s traffic and reads its metrics from the domain’s statistics',
    async () => {
      const spec = lv.spec();
      await lv.driver.create(spec);
      await until(spec.ref, 'active');
      await waitForConsole(spec.ref, /nimbus-guest: ready/);
      const start = new Date(Date.now() - 60_000);
      await lv.driver.sampleMetrics([spec.ref], new Date());
      // The guest asks for its gateway at boot (ARP and pings go out on its interface).
      await new Promise((r) => setTimeout(r, 3000));
      const [sample] = (await lv.driver.sampleMetrics([spec.ref], new Date())).values();
      expect(sample!['cpu:usage:%']).toBeGreaterThan(0);
      expect(sample!['memory:usage:%']).toBeGreaterThan(0);
      const { bytes } = await lv.driver.bandwidthUsage(spec.ref, start, new Date(Date.now() + 60_000));
      expect(bytes).toBeGreaterThan(0);
      await lv.driver.delete(spec.ref);
      await lv.settle(spec.ref);
    },
  );

  it('marks a host that does not answer down and places servers on the hosts that do', async () => {
    const [dead] = await lv.db
      .insert(libvirtHosts)
      .values({
        regionId: 1,
        name: `dead-${process.pid}`,
        uri: 'qemu+tcp://127.0.0.1:1/system',
        storagePool: TEST_POOL,
        network: 'user',
        domainType: 'qemu',
        vcpuCapacity: 64,
        ramMbCapacity: 65_536,
        diskGbCapacity: 1000,
      })
      .returning();
    const states = await checkHosts(lv.db);
    expect(states).toContainEqual({ name: dead!.name, state: 'down' });
    expect(states).toContainEqual(expect.objectContaining({ state: 'up' }));
    // The dead host has far more room, but is down: the server goes to the one that answers.
    const spec = lv.spec();
    await lv.driver.create(spec);
    expect((await lv.driver.get(spec.ref))?.host).not.toBe(dead!.name);
    await expect(lv.driver.create(lv.spec({ ramMb: 32_768 }))).rejects.toMatchObject({ kind: 'no_capacity' });
    await lv.driver.delete(spec.ref);
    await lv.settle(spec.ref);
  });

  it('refuses a server whose OS version has no base image on any host of the region', async () => {
    const spec = lv.spec({ source: { kind: 'os', osId: 999, osFamily: 'debian' } });
    await expect(lv.driver.create(spec)).rejects.toMatchObject({
      kind: 'no_capacity',
      message: expect.stringContaining('image for os:999'),
    });
    expect(await lv.driver.get(spec.ref)).toBeNull();
  });
});
