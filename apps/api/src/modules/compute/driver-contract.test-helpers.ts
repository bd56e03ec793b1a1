import type { Duplex } from 'node:stream';
import { isPercentMetric, isStableInstanceStatus, metricNames } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import type { Hypervisor, ServerSpec, ServerState } from './hypervisor';

/**
 * The driver contract: what every `Hypervisor` must do, as one suite run against each driver (the
 * simulator, the instances area's test fake, and every real driver to come). A driver is whatever passes
 * it; where a driver and this suite disagree, the driver is wrong.
 */
export interface DriverUnderTest {
  driver: Hypervisor;
  /** Lets the driver's own background work run (the simulator's step jobs); a no-op where there is none. */
  settle(): Promise<void>;
  /** The next server that is built fails during its build. */
  failNextBuild(): Promise<void>;
  /** The next snapshot being taken fails half-way. */
  failNextSnapshot(): Promise<void>;
  /** The next resize of a running server, or the next reinstall, fails half-way. */
  failNextRebuild(kind: 'resize' | 'reinstall'): Promise<void>;
  /** A fresh spec that this driver can build; `overrides` set what a test is about. */
  spec(overrides?: Partial<ServerSpec>): ServerSpec;
}

/** Bytes that read as an ISO 9660 image: the primary volume descriptor's "CD001" at byte 32769. */
export function isoImage(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([1, ...Buffer.from('CD001')], 32_768);
  return bytes;
}

/** The first `count` bytes a stream sends, as text. */
export function firstBytes(stream: Duplex, count: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      seen = Buffer.concat([seen, chunk]);
      if (seen.length < count) return;
      stream.off('data', onData);
      resolve(seen.subarray(0, count).toString('latin1'));
    };
    stream.on('data', onData);
    stream.once('error', reject);
  });
}

/** Registers the contract suite for one driver; `setup` is called once its test context is ready. */
export function describeDriverContract(name: string, setup: () => DriverUnderTest) {
  describe(`driver contract: ${name}`, () => {
    /** Reads the server until it is stable or failed (a real driver's build takes a while). */
    async function settled(ref: string): Promise<ServerState> {
      const { driver, settle } = setup();
      for (let attempt = 0; attempt < 30; attempt++) {
        await settle();
        const state = await driver.get(ref);
        if (!state) throw new Error(`${ref} vanished while settling`);
        if (state.failure || isStableInstanceStatus(state.status)) return state;
      }
      throw new Error(`${ref} did not settle`);
    }
    async function activeServer(overrides: Partial<ServerSpec> = {}) {
      const spec = setup().spec(overrides);
      await setup().driver.create(spec);
      const state = await settled(spec.ref);
      expect(state.status).toBe('active');
      return spec.ref;
    }
    const refusal = (kind: string) => expect.objectContaining({ name: 'HypervisorError', kind });
    /** Follows an operation to its end, as the instances area's job does. */
    async function finished(id: string) {
      const { driver, settle } = setup();
      for (let attempt = 0; attempt < 30; attempt++) {
        await settle();
        const state = await driver.operation(id);
        if (state.state !== 'running') return state;
      }
      throw new Error(`operation ${id} did not end`);
    }

    it('creates once per ref, however often create is retried, and builds to active with its addresses', async () => {
      const { driver } = setup();
      const spec = setup().spec({ assignIpv6: true });
      const first = await driver.create(spec);
      const retried = await driver.create(spec);
      expect(first.ref).toBe(spec.ref);
      expect(retried.ref).toBe(spec.ref);
      expect(retried.password.length).toBeGreaterThanOrEqual(8);
      const state = await settled(spec.ref);
      expect(state).toMatchObject({
        ref: spec.ref,
        status: 'active',
        hostname: spec.hostname,
        failure: null,
      });
      expect(state.ipv4?.address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      expect(state.ipv6?.range).toMatch(/\/64$/);
    });

    it('reports an unknown server as absent and refuses to act on it', async () => {
      const { driver } = setup();
      expect(await driver.get('never-created')).toBeNull();
      await expect(driver.powerOn('never-created')).rejects.toEqual(refusal('not_found'));
      await expect(driver.powerOff('never-created')).rejects.toEqual(refusal('not_found'));
      await expect(driver.restart('never-created')).rejects.toEqual(refusal('not_found'));
      await expect(driver.changeHostname('never-created', 'x')).rejects.toEqual(refusal('not_found'));
      await expect(driver.resetPassword('never-created', 'root')).rejects.toEqual(refusal('not_found'));
      await expect(driver.enableRescue('never-created', 'Rescue123')).rejects.toEqual(refusal('not_found'));
      await expect(driver.takeSnapshot('never-created', 'snap-x')).rejects.toEqual(refusal('not_found'));
    });

    it('powers off, on and restarts, refusing what the state does not allow', async () => {
      const { driver } = setup();
      const ref = await activeServer();
      await driver.powerOff(ref);
      expect((await settled(ref)).status).toBe('shutdown');
      await expect(driver.powerOff(ref)).rejects.toEqual(refusal('invalid_state'));
      await expect(driver.restart(ref)).rejects.toEqual(refusal('invalid_state'));
      await driver.powerOn(ref);
      expect((await settled(ref)).status).toBe('active');
      await expect(driver.powerOn(ref)).rejects.toEqual(refusal('invalid_state'));
      await driver.restart(ref);
      expect((await settled(ref)).status).toBe('active');
    });

    it('changes the hostname and sets a new password each time one is asked for', async () => {
      const { driver } = setup();
      const ref = await activeServer();
      await driver.changeHostname(ref, 'renamed.example.com');
      expect((await driver.get(ref))!.hostname).toBe('renamed.example.com');
      const one = await driver.resetPassword(ref, 'root');
      const two = await driver.resetPassword(ref, 'root');
      expect(one.password.length).toBeGreaterThanOrEqual(8);
      expect(two.password).not.toBe(one.password);
      expect(['now', 'next_boot']).toContain(one.appliesAt);
    });

    it('boots into rescue and back; restart keeps rescue, power off ends it', async () => {
      const { driver } = setup();
      const ref = await activeServer();
      await expect(driver.disableRescue(ref)).rejects.toEqual(refusal('invalid_state'));
      await driver.enableRescue(ref, 'Rescue123');
      expect((await settled(ref)).status).toBe('rescue');
      await expect(driver.enableRescue(ref, 'Rescue123')).rejects.toEqual(refusal('invalid_state'));
      await expect(driver.powerOn(ref)).rejects.toEqual(refusal('invalid_state'));
      await driver.restart(ref);
      expect((await settled(ref)).status).toBe('rescue');
      await driver.disableRescue(ref);
      expect((await settled(ref)).status).toBe('active');

      await driver.enableRescue(ref, 'Rescue123');
      await driver.powerOff(ref);
      expect((await settled(ref)).status).toBe('shutdown');
      // From shut down, rescue boots the machine straight into the rescue system.
      await driver.enableRescue(ref, 'Rescue456');
      expect((await settled(ref)).status).toBe('rescue');
      await driver.disableRescue(ref);
      expect((await settled(ref)).status).toBe('active');
    });

    it('resizes and reinstalls a settled server as operations a caller follows, with a new password after a clean install', async () => {
      const { driver } = setup();
      const ref = await activeServer();
      const grown = await driver.resize(ref, { vcpu: 2, ramMb: 2048, diskGb: 40, bandwidthTb: 2 });
      expect(grown.password).toBeNull();
      // A running server restarts at its new size: nothing else may happen to it meanwhile.
      expect(isStableInstanceStatus((await driver.get(ref))!.status)).toBe(false);
      await expect(driver.powerOff(ref)).rejects.toEqual(refusal('invalid_state'));
      await expect(driver.resize(ref, { vcpu: 4, ramMb: 4096, diskGb: 40, bandwidthTb: 2 })).rejects.toEqual(
        refusal('invalid_state'),
      );
      expect(await finished(grown.operation.id)).toMatchObject({ state: 'succeeded' });
      expect((await settled(ref)).status).toBe('active');
      // A disk shrinks only by a clean install, which gives a new password.
      await expect(driver.resize(ref, { vcpu: 2, ramMb: 2048, diskGb: 20, bandwidthTb: 2 })).rejects.toEqual(
        refusal('invalid_state'),
      );
      await driver.powerOff(ref);
      const rebuilt = await driver.resize(
        ref,
        { vcpu: 2, ramMb: 2048, diskGb: 20, bandwidthTb: 2 },
        { source: { kind: 'os', osId: 2, osFamily: 'debian' }, username: 'root' },
      );
      expect(rebuilt.password?.length).toBeGreaterThanOrEqual(8);
      expect(await finished(rebuilt.operation.id)).toMatchObject({ state: 'succeeded' });
      // A freshly installed server boots, whatever state it was in.
      expect((await settled(ref)).status).toBe('active');
      const reinstall = await driver.changeOs(ref, { kind: 'os', osId: 2, osFamily: 'debian' }, 'root');
      expect(reinstall.password.length).toBeGreaterThanOrEqual(8);
      await expect(driver.changeOs(ref, { kind: 'os', osId: 2, osFamily: 'debian' }, 'root')).rejects.toEqual(
        refusal('invalid_state'),
      );
      expect(await finished(reinstall.operation.id)).toMatchObject({ state: 'succeeded' });
      expect((await settled(ref)).status).toBe('active');
      await driver.enableRescue(ref, 'Rescue123');
      await expect(driver.resize(ref, { vcpu: 1, ramMb: 1024, diskGb: 40, bandwidthTb: 1 })).rejects.toEqual(
        refusal('invalid_state'),
      );
    });

    it('fails a resize or a reinstall half-way, leaving the server as it was', async () => {
      const { driver, failNextRebuild } = setup();
      const ref = await activeServer();
      await failNextRebuild('resize');
      const resizing = await driver.resize(ref, { vcpu: 2, ramMb: 2048, diskGb: 40, bandwidthTb: 2 });
      expect(await finished(resizing.operation.id)).toEqual({ state: 'failed', reason: expect.any(String) });
      expect((await settled(ref)).status).toBe('active');
      await driver.powerOff(ref);
      await failNextRebuild('reinstall');
      const reinstall = await driver.changeOs(ref, { kind: 'os', osId: 2, osFamily: 'debian' }, 'root');
      expect(await finished(reinstall.operation.id)).toEqual({ state: 'failed', reason: expect.any(String) });
      // Still shut down, and still able to take a new operation.
      expect((await settled(ref)).status).toBe('shutdown');
      const again = await driver.changeOs(ref, { kind: 'os', osId: 2, osFamily: 'debian' }, 'root');
      expect(await finished(again.operation.id)).toMatchObject({ state: 'succeeded' });
      expect((await settled(ref)).status).toBe('active');
    });

    it('takes and restores snapshots as operations a caller follows, the same one on a retry', async () => {
      const { driver } = setup();
      const ref = await activeServer();
      const snapshot = `snap-${ref}`;
      const taking = await driver.takeSnapshot(ref, snapshot);
      expect((await driver.get(ref))!.status).toBe('taking_snapshot');
      expect(await driver.takeSnapshot(ref, snapshot)).toEqual(taking);
      await expect(driver.powerOff(ref)).rejects.toEqual(refusal('invalid_state'));
      const taken = await finished(taking.id);
      expect(taken).toEqual({ state: 'succeeded', sizeMb: expect.any(Number) });
      expect((taken as { sizeMb: number }).sizeMb).toBeGreaterThan(0);
      expect((await settled(ref)).status).toBe('active');
      // A snapshot retried after it was taken is still that snapshot, not a second one.
      expect(await driver.takeSnapshot(ref, snapshot)).toEqual(taking);

      await driver.powerOff(ref);
      const restoring = await driver.restoreSnapshot(ref, snapshot);
      expect((await driver.get(ref))!.status).toBe('loading_snapshot');
      expect(await driver.restoreSnapshot(ref, snapshot)).toEqual(restoring);
      expect(await finished(restoring.id)).toMatchObject({ state: 'succeeded' });
      // The server comes back as it was: shut down.
      expect((await settled(ref)).status).toBe('shutdown');
      await expect(driver.operation('never-started')).rejects.toEqual(refusal('not_found'));
    });

    it('builds a new server from a snapshot, and refuses one from a snapshot that does not exist', async () => {
      const { driver } = setup();
      const ref = await activeServer();
      const snapshot = `snap-source-${ref}`;
      await finished((await driver.takeSnapshot(ref, snapshot)).id);
      const copy = setup().spec({ source: { kind: 'snapshot', snapshotRef: snapshot, osFamily: 'ubuntu' } });
      await driver.create(copy);
      expect((await settled(copy.ref)).status).toBe('active');
      const missing = setup().spec({
        source: { kind: 'snapshot', snapshotRef: 'never-taken', osFamily: 'ubuntu' },
      });
      await expect(driver.create(missing)).rejects.toEqual(refusal('not_found'));
      expect(await driver.get(missing.ref)).toBeNull();
    });

    it('fails a snapshot half-way without harming the server or leaving an image', async () => {
      const { driver, failNextSnapshot } = setup();
      const ref = await activeServer();
      await failNextSnapshot();
      const taking = await driver.takeSnapshot(ref, `snap-fail-${ref}`);
      expect(await finished(taking.id)).toEqual({ state: 'failed', reason: expect.any(String) });
      expect((await settled(ref)).status).toBe('active');
      await expect(driver.restoreSnapshot(ref, `snap-fail-${ref}`)).rejects.toEqual(refusal('not_found'));
    });

    it('takes and restores backups, and deletes images; deleting twice is fine', async () => {
      const { driver } = setup();
      const ref = await activeServer();
      const snapshot = `snap-del-${ref}`;
      const backup = `backup-${ref}`;
      await finished((await driver.takeSnapshot(ref, snapshot)).id);
      const taking = await driver.takeBackup(ref, backup);
      // A retried call gets the same backup; the server keeps running meanwhile.
      expect(await driver.takeBackup(ref, backup)).toEqual(taking);
      expect((await driver.get(ref))!.status).toBe('active');
      const taken = await finished(taking.id);
      expect(taken).toEqual({ state: 'succeeded', sizeMb: expect.any(Number) });
      expect((taken as { sizeMb: number }).sizeMb).toBeGreaterThan(0);
      const restoring = await driver.restoreBackup(ref, backup);
      expect((await driver.get(ref))!.status).toBe('loading_backup');
      expect(await finished(restoring.id)).toEqual({ state: 'succeeded', sizeMb: null });
      expect((await settled(ref)).status).toBe('active');
      await driver.deleteSnapshot(snapshot);
      await driver.deleteSnapshot(snapshot);
      await driver.deleteBackup(backup);
      await expect(driver.restoreSnapshot(ref, snapshot)).rejects.toEqual(refusal('not_found'));
      await expect(driver.restoreBackup(ref, backup)).rejects.toEqual(refusal('not_found'));
    });

    it('adds an address family once and moves to a protected IPv4 once', async () => {
      const { driver } = setup();
      const ref = await activeServer({ assignIpv4: false, assignIpv6: true });
      expect((await driver.get(ref))!.ipv4).toBeNull();
      await driver.enableIp(ref, 'ipv4');
      await driver.enableIp(ref, 'ipv4');
      const ipv4 = (await driver.get(ref))!.ipv4!;
      expect(ipv4.address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      const protectedIp = await driver.enableDdosProtection(ref);
      expect(protectedIp.address).not.toBe(ipv4.address);
      expect(await driver.enableDdosProtection(ref)).toEqual(protectedIp);
      expect((await driver.get(ref))!.ipv4).toEqual(protectedIp);
    });

    it('reports usage and metrics, and a console only while running', async () => {
      const { driver } = setup();
      const ref = await activeServer();
      const now = new Date();
      const hourAgo = new Date(now.getTime() - 3_600_000);
      const usage = await driver.bandwidthUsage(ref, hourAgo, now);
      expect(usage.bytes).toBeGreaterThanOrEqual(0);
      const points = await driver.metrics(ref, 'cpu:usage:%', hourAgo, now, 300);
      for (const p of points) expect(p.value).toBeGreaterThanOrEqual(0);
      for (const p of points) expect(p.value).toBeLessThanOrEqual(100);
      // The console speaks RFB: the server's version greets the viewer.
      const console = await driver.openConsole(ref);
      expect(await firstBytes(console, 12)).toBe('RFB 003.008\n');
      console.destroy();
      const sampled = await driver.sampleMetrics([ref, 'never-created'], now);
      expect([...sampled.keys()]).toEqual([ref]);
      const sample = sampled.get(ref)!;
      expect(Object.keys(sample).sort()).toEqual([...metricNames].sort());
      for (const m of metricNames) expect(sample[m]).toBeGreaterThanOrEqual(0);
      for (const m of metricNames.filter(isPercentMetric)) expect(sample[m]).toBeLessThanOrEqual(100);
      await driver.powerOff(ref);
      // A server that is off reports nothing.
      expect((await driver.sampleMetrics([ref], now)).size).toBe(0);
      await expect(driver.openConsole(ref)).rejects.toEqual(refusal('invalid_state'));
    });

    it('stores an ISO in order, resumes where it stopped, and refuses a piece out of place', async () => {
      const { driver } = setup();
      const isoRef = `iso-store-${setup().spec().ref}`;
      const image = isoImage(70_000);
      expect(await driver.isoStoredBytes(isoRef)).toBe(0);
      expect(await driver.writeIso(isoRef, 0, image.subarray(0, 30_000))).toBe(30_000);
      // A repeated piece (a retried write whose answer was lost) is refused, not stored twice.
      await expect(driver.writeIso(isoRef, 1, image.subarray(1, 30_000))).rejects.toEqual(
        refusal('invalid_state'),
      );
      await expect(driver.writeIso(isoRef, 40_000, image.subarray(40_000))).rejects.toEqual(
        refusal('invalid_state'),
      );
      expect(await driver.isoStoredBytes(isoRef)).toBe(30_000);
      expect(await driver.writeIso(isoRef, 30_000, image.subarray(30_000))).toBe(70_000);
      expect(await driver.completeIso(isoRef)).toEqual({ bootable: true });
      await driver.deleteIso(isoRef);
      await driver.deleteIso(isoRef);
      expect(await driver.isoStoredBytes(isoRef)).toBe(0);
    });

    it('refuses an image that is not an ISO, and starts an image over from offset 0', async () => {
      const { driver } = setup();
      const isoRef = `iso-bad-${setup().spec().ref}`;
      await driver.writeIso(isoRef, 0, new Uint8Array(40_000));
      expect(await driver.completeIso(isoRef)).toEqual({ bootable: false });
      expect(await driver.isoStoredBytes(isoRef)).toBe(0);
      await driver.writeIso(isoRef, 0, new Uint8Array(10));
      expect(await driver.writeIso(isoRef, 0, isoImage(40_000))).toBe(40_000);
      expect(await driver.completeIso(isoRef)).toEqual({ bootable: true });
      await driver.deleteIso(isoRef);
    });

    it('attaches a complete ISO only, keeps it while attached, and ejects it', async () => {
      const { driver } = setup();
      const ref = await activeServer();
      const isoRef = `iso-${ref}`;
      await expect(driver.attachIso(ref, isoRef)).rejects.toEqual(refusal('not_found'));
      await driver.writeIso(isoRef, 0, isoImage(40_000));
      await expect(driver.attachIso(ref, isoRef)).rejects.toEqual(refusal('not_found'));
      await driver.completeIso(isoRef);
      await driver.attachIso(ref, isoRef);
      await expect(driver.deleteIso(isoRef)).rejects.toEqual(refusal('invalid_state'));
      await driver.ejectIso(ref);
      await driver.ejectIso(ref);
      expect((await settled(ref)).status).toBe('active');
      await driver.deleteIso(isoRef);
    });

    it('builds a server that boots from a complete ISO', async () => {
      const { driver } = setup();
      const isoRef = `iso-boot-${setup().spec().ref}`;
      const missing = setup().spec({ source: { kind: 'iso', isoRef, useVirtio: true } });
      await expect(driver.create(missing)).rejects.toEqual(refusal('not_found'));
      await driver.writeIso(isoRef, 0, isoImage(40_000));
      await driver.completeIso(isoRef);
      const ref = await activeServer({ source: { kind: 'iso', isoRef, useVirtio: true } });
      await expect(driver.deleteIso(isoRef)).rejects.toEqual(refusal('invalid_state'));
      await driver.delete(ref);
      await driver.deleteIso(isoRef);
    });

    it('allocates a floating IP once per key, attaches it to one server at a time, and gives it back', async () => {
      const { driver } = setup();
      const ref = await activeServer();
      const other = await activeServer();
      const regionId = setup().spec().regionId;
      const key = `fip-${ref}`;
      const ip = await driver.allocateFloatingIp(regionId, key);
      expect(ip.address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      expect(ip.netmask).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      expect(await driver.allocateFloatingIp(regionId, key)).toEqual(ip);
      const second = await driver.allocateFloatingIp(regionId, `${key}-2`);
      expect(second.address).not.toBe(ip.address);
      expect(await driver.floatingIpAttachment(ip.address)).toBeNull();

      await driver.attachFloatingIp(ref, ip.address);
      await driver.attachFloatingIp(ref, ip.address);
      expect(await driver.floatingIpAttachment(ip.address)).toBe(ref);
      await expect(driver.attachFloatingIp(other, ip.address)).rejects.toEqual(refusal('invalid_state'));
      await expect(driver.attachFloatingIp('never-created', second.address)).rejects.toEqual(
        refusal('not_found'),
      );
      await expect(driver.attachFloatingIp(ref, '192.0.2.254')).rejects.toEqual(refusal('not_found'));

      await driver.detachFloatingIp(other, ip.address);
      expect(await driver.floatingIpAttachment(ip.address)).toBe(ref);
      await driver.detachFloatingIp(ref, ip.address);
      await driver.detachFloatingIp(ref, ip.address);
      expect(await driver.floatingIpAttachment(ip.address)).toBeNull();

      // A deleted server lets go of the address; releasing twice is fine.
      await driver.attachFloatingIp(other, second.address);
      await driver.delete(other);
      expect(await driver.floatingIpAttachment(second.address)).toBeNull();
      await driver.releaseFloatingIp(ip.address);
      await driver.releaseFloatingIp(ip.address);
      await driver.releaseFloatingIp(second.address);
      await expect(driver.floatingIpAttachment(ip.address)).rejects.toEqual(refusal('not_found'));
      await expect(driver.detachFloatingIp(ref, ip.address)).rejects.toEqual(refusal('not_found'));
      await driver.delete(ref);
    });

    it('reports a build that failed, accepts only delete after it, and never brings a deleted server back', async () => {
      const { driver, failNextBuild } = setup();
      await failNextBuild();
      const spec = setup().spec();
      await driver.create(spec);
      const failed = await settled(spec.ref);
      expect(failed.failure).toEqual({ step: expect.any(String), reason: expect.any(String) });
      await expect(driver.powerOn(spec.ref)).rejects.toEqual(refusal('invalid_state'));
      await driver.delete(spec.ref);
      await driver.delete(spec.ref);
      expect(await driver.get(spec.ref)).toBeNull();
      // A create retried after the delete (a late job) must not build the server again.
      await expect(driver.create(spec)).rejects.toEqual(refusal('invalid_state'));
      await driver.delete('never-created');
    });
  });
}
