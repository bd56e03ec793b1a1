import { type InstanceStatus, type MetricName, metricNames } from '@nimbus/contract';
import { duplexPair } from '../compute/console/duplex-pair';
import { serveRfb } from '../compute/console/rfb-session';
import {
  type Hypervisor,
  HypervisorError,
  type Ipv4Address,
  type MachineSize,
  type OperationState,
  type ServerRebuild,
  type ServerSpec,
  type ServerState,
  serverRef,
} from '../compute/hypervisor';
import { simulatedTerminal } from '../compute/simulator/console-terminal';

let ips = 0;
let passwords = 0;
type FakeServer = ServerState & { spec?: ServerSpec; buildStep?: number };
interface FakeOperation {
  id: string;
  ref: string;
  kind: 'take' | 'restore' | 'backup' | 'resize' | 'reinstall';
  imageRef: string;
  /** The status after success. */
  resume: InstanceStatus;
  /** Puts the server back as it was when a resize or reinstall fails. */
  undo?: () => void;
  state: OperationState;
  /** Read once while running: the next read settles it. */
  seen: boolean;
}
const buildSteps: InstanceStatus[] = ['initializing', 'preparing_disk', 'active'];
/** States a long operation passes through; the next `get` settles them to active. */
const OPERATING: InstanceStatus[] = [
  'preparing_disk',
  'spawning_qemu',
  'taking_snapshot',
  'loading_snapshot',
  'loading_backup',
];
const SETTLED: InstanceStatus[] = ['active', 'shutdown'];
const RUNNING: InstanceStatus[] = ['active', 'rescue'];

const nextIpv4 = (): Ipv4Address => {
  const n = ++ips;
  return { address: `203.0.113.${(n % 250) + 2}`, netmask: '255.255.255.0', gateway: '203.0.113.1' };
};
const nextPassword = () => `Generated-Pass-${++passwords}`;

/**
 * The one test driver of the instances area: servers in a map, every operation immediate. A server made by
 * `create` walks initializing → preparing_disk → active, one step per `get`; `add` places a built one.
 * Long operations (reinstall, snapshot, restore) enter their transitional state and settle on the next
 * `get`. It passes the driver contract suite (fake-hypervisor.contract.test.ts) like every driver.
 * Knobs: `noCapacity` refuses creates and resizes, `fail` fails servers being built, `down` makes every call an
 * infrastructure error; `failNext` arms a failure for the next call of one method. Tests of the API
 * install the shared `fakeHypervisor` with `vi.mock('../compute/compute', …)`.
 */
export function createFakeHypervisor() {
  const servers = new Map<string, FakeServer>();
  const deleted = new Set<string>();
  const images = new Set<string>();
  /** Custom ISO images: bytes stored, the ISO 9660 signature seen, sealed or not. */
  const isoImages = new Map<string, { bytes: number; signature: string; complete: boolean }>();
  const attachedIso = new Map<string, string>();
  /** Floating IPs by address: the key that took it, its region and the server it is attached to. */
  const floatingIps = new Map<string, { key: string; regionId: number; attachedRef: string | null }>();
  let floatingCount = 0;
  const floating = (address: string) => {
    const ip = floatingIps.get(address);
    if (!ip) throw new HypervisorError('not_found', `No floating IP ${address}`);
    return ip;
  };
  /** Servers in a long operation's transitional state (placed servers stay in theirs), by ref. */
  const operating = new Map<string, FakeOperation>();
  const operations = new Map<string, FakeOperation>();
  const failures = new Map<string, Error>();
  const knobs = {
    noCapacity: false,
    fail: false,
    down: false,
    failBuilds: 0,
    failOperations: 0,
    /** Resizes and reinstalls that fail half-way. */
    failRebuilds: 0,
    /** Transfer every server counts, in bytes a second. */
    bytesPerSecond: 1000,
  };
  const check = (method: keyof Hypervisor) => {
    if (knobs.down) throw new HypervisorError('infrastructure', 'driver down');
    const failure = failures.get(method);
    if (failure) {
      failures.delete(method);
      throw failure;
    }
  };
  const server = (ref: string) => {
    const s = servers.get(ref);
    if (!s) throw new HypervisorError('not_found', `No server ${ref}`);
    if (s.failure) throw new HypervisorError('invalid_state', `Server ${ref} failed`);
    return s;
  };
  /** The server, if it is in one of `allowed`. */
  const inState = (ref: string, allowed: InstanceStatus[]) => {
    const s = server(ref);
    if (!allowed.includes(s.status)) throw new HypervisorError('invalid_state', `${ref} is ${s.status}`);
    return s;
  };
  /** Runs `method`'s knobs, then `fn`. */
  const op =
    <A extends unknown[], R>(method: keyof Hypervisor, fn: (...args: A) => R) =>
    async (...args: A): Promise<Awaited<R>> => {
      check(method);
      return await fn(...args);
    };
  const build = (s: FakeServer & { spec: ServerSpec; buildStep: number }) => {
    s.buildStep++;
    s.status = buildSteps[s.buildStep]!;
    if (s.status !== 'active') return;
    if (s.spec.assignIpv4) s.ipv4 = nextIpv4();
    if (s.spec.assignIpv6)
      s.ipv6 = { address: '2001:db8::2', range: '2001:db8::/64', netmask: '64', gateway: '2001:db8::1' };
  };
  /** Puts the server in a transitional state that the next `get` (or a read of the operation) settles. */
  const operate = (
    s: FakeServer,
    status: InstanceStatus,
    op?: Omit<FakeOperation, 'resume' | 'state' | 'seen'> & { resume?: InstanceStatus },
  ) => {
    const operation: FakeOperation = {
      id: op?.id ?? `fake-op-${++opSerial}`,
      ref: s.ref,
      kind: op?.kind ?? 'restore',
      imageRef: op?.imageRef ?? '',
      resume: op?.resume ?? (s.status === 'shutdown' ? 'shutdown' : 'active'),
      undo: op?.undo,
      state: { state: 'running', progress: null },
      seen: false,
    };
    s.status = status;
    operating.set(s.ref, operation);
    operations.set(operation.id, operation);
    return { id: operation.id };
  };
  /** Ends the server's operation: succeeded, or failed (armed by `failOperations`) with no image left. */
  const settle = (s: FakeServer) => {
    const op = operating.get(s.ref)!;
    operating.delete(s.ref);
    s.status = op.resume;
    if (op.undo && knobs.failRebuilds > 0) {
      knobs.failRebuilds--;
      op.undo();
      op.state = { state: 'failed', reason: 'The disk could not be written.' };
    } else if (knobs.failOperations > 0 && op.kind === 'take') {
      knobs.failOperations--;
      images.delete(op.imageRef);
      op.state = { state: 'failed', reason: 'The snapshot could not be written.' };
    } else op.state = { state: 'succeeded', sizeMb: op.kind === 'take' ? 2048 : null };
  };
  /** The first read shows the operation running, the next one ends it. */
  const advance = (s: FakeServer) => {
    const op = operating.get(s.ref)!;
    if (op.seen) settle(s);
    else op.seen = true;
  };
  let opSerial = 0;
  const requireImage = (imageRef: string) => {
    if (!images.has(imageRef)) throw new HypervisorError('not_found', `No image ${imageRef}`);
  };

  const requireIso = (isoRef: string) => {
    if (!isoImages.get(isoRef)?.complete) throw new HypervisorError('not_found', `No ISO ${isoRef}`);
  };
  const driver: Hypervisor = {
    name: 'fake',
    create: op('create', (spec: ServerSpec) => {
      if (deleted.has(spec.ref)) throw new HypervisorError('invalid_state', `${spec.ref} was deleted`);
      if (spec.source.kind === 'snapshot') requireImage(spec.source.snapshotRef);
      if (spec.source.kind === 'backup') requireImage(spec.source.backupRef);
      if (spec.source.kind === 'iso') requireIso(spec.source.isoRef);
      if (!servers.has(spec.ref)) {
        if (knobs.noCapacity) throw new HypervisorError('no_capacity', 'No host can hold the server.');
        const failing = knobs.fail || knobs.failBuilds > 0;
        if (knobs.failBuilds > 0) knobs.failBuilds--;
        servers.set(spec.ref, {
          ref: spec.ref,
          spec,
          buildStep: 0,
          status: 'initializing',
          hostname: spec.hostname,
          ipv4: null,
          ipv6: null,
          failure: failing ? { step: 'initializing', reason: 'Disk image could not be written.' } : null,
          host: 'fake-host-1',
        });
        if (spec.source.kind === 'iso') attachedIso.set(spec.ref, spec.source.isoRef);
      }
      // Idempotent by ref, as the driver interface asks.
      return { ref: spec.ref, password: nextPassword() };
    }),
    get: op('get', (ref: string) => {
      const s = servers.get(ref);
      if (!s) return null;
      if (!s.failure && s.spec && s.buildStep !== undefined && s.status !== 'active' && s.buildStep < 2)
        build(s as FakeServer & { spec: ServerSpec; buildStep: number });
      else if (operating.has(ref) && OPERATING.includes(s.status)) advance(s);
      const { spec: _spec, buildStep: _step, ...state } = s;
      return state;
    }),
    powerOff: op('powerOff', (ref: string) => {
      inState(ref, RUNNING).status = 'shutdown';
    }),
    powerOn: op('powerOn', (ref: string) => {
      inState(ref, ['shutdown']).status = 'active';
    }),
    restart: op('restart', (ref: string) => {
      inState(ref, RUNNING);
    }),
    changeHostname: op('changeHostname', (ref: string, hostname: string) => {
      const s = servers.get(ref);
      if (!s) throw new HypervisorError('not_found', `No server ${ref}`);
      s.hostname = hostname;
    }),
    resetPassword: op('resetPassword', (ref: string) => {
      inState(ref, SETTLED);
      return { password: nextPassword(), appliesAt: 'now' as const };
    }),
    delete: op('delete', (ref: string) => {
      if (servers.delete(ref)) deleted.add(ref);
      attachedIso.delete(ref);
      for (const ip of floatingIps.values()) if (ip.attachedRef === ref) ip.attachedRef = null;
    }),
    resize: op('resize', (ref: string, to: MachineSize, rebuild?: ServerRebuild) => {
      const s = inState(ref, SETTLED);
      if (s.spec && to.diskGb < s.spec.diskGb && !rebuild)
        throw new HypervisorError('invalid_state', `The disk of ${ref} cannot shrink in place`);
      if (knobs.noCapacity) throw new HypervisorError('no_capacity', 'The host has no room.');
      const before = { status: s.status, spec: s.spec };
      if (s.spec) s.spec = { ...s.spec, ...to };
      const operation = operate(s, rebuild || s.status === 'shutdown' ? 'preparing_disk' : 'spawning_qemu', {
        id: `fake-op-${++opSerial}`,
        ref,
        kind: 'resize',
        imageRef: '',
        resume: rebuild ? 'active' : before.status,
        undo: () => Object.assign(s, before),
      });
      return { operation, password: rebuild ? nextPassword() : null };
    }),
    changeOs: op('changeOs', (ref: string) => {
      const s = inState(ref, SETTLED);
      const before = { status: s.status };
      const operation = operate(s, 'preparing_disk', {
        id: `fake-op-${++opSerial}`,
        ref,
        kind: 'reinstall',
        imageRef: '',
        resume: 'active',
        undo: () => Object.assign(s, before),
      });
      return { operation, password: nextPassword() };
    }),
    enableRescue: op('enableRescue', (ref: string, _password: string) => {
      inState(ref, SETTLED).status = 'rescue';
    }),
    disableRescue: op('disableRescue', (ref: string) => {
      inState(ref, ['rescue']).status = 'active';
    }),
    takeSnapshot: op('takeSnapshot', (ref: string, snapshotRef: string) => {
      const taken = [...operations.values()].find((o) => o.kind === 'take' && o.imageRef === snapshotRef);
      if (taken) return { id: taken.id };
      images.add(snapshotRef);
      return operate(inState(ref, SETTLED), 'taking_snapshot', {
        id: `fake-op-${++opSerial}`,
        ref,
        kind: 'take',
        imageRef: snapshotRef,
      });
    }),
    restoreSnapshot: op('restoreSnapshot', (ref: string, snapshotRef: string) => {
      requireImage(snapshotRef);
      const running = operating.get(ref);
      if (running?.kind === 'restore' && running.imageRef === snapshotRef) return { id: running.id };
      return operate(inState(ref, SETTLED), 'loading_snapshot', {
        id: `fake-op-${++opSerial}`,
        ref,
        kind: 'restore',
        imageRef: snapshotRef,
      });
    }),
    operation: op('operation', (id: string) => {
      const found = operations.get(id);
      if (!found) throw new HypervisorError('not_found', `No operation ${id}`);
      const s = servers.get(found.ref);
      if (found.kind === 'backup' && found.state.state === 'running') {
        if (knobs.failOperations > 0) {
          knobs.failOperations--;
          images.delete(found.imageRef);
          found.state = { state: 'failed', reason: 'The backup could not be written.' };
        } else
          found.state = s ? { state: 'succeeded', sizeMb: 1024 } : { state: 'failed', reason: 'No server' };
      }
      // Like `get`, reading a running operation moves it on.
      if (found.state.state === 'running' && s && operating.get(s.ref) === found) advance(s);
      return found.state;
    }),
    deleteSnapshot: op('deleteSnapshot', (snapshotRef: string) => {
      images.delete(snapshotRef);
    }),
    // A backup runs beside the server (no status of its own) and ends when it is next read.
    takeBackup: op('takeBackup', (ref: string, backupRef: string) => {
      const taken = [...operations.values()].find((o) => o.kind === 'backup' && o.imageRef === backupRef);
      if (taken) return { id: taken.id };
      const s = server(ref);
      images.add(backupRef);
      const operation: FakeOperation = {
        id: `fake-op-${++opSerial}`,
        ref,
        kind: 'backup',
        imageRef: backupRef,
        resume: s.status,
        state: { state: 'running', progress: null },
        seen: false,
      };
      operations.set(operation.id, operation);
      return { id: operation.id };
    }),
    restoreBackup: op('restoreBackup', (ref: string, backupRef: string) => {
      requireImage(backupRef);
      const running = operating.get(ref);
      if (running?.kind === 'restore' && running.imageRef === backupRef) return { id: running.id };
      return operate(inState(ref, SETTLED), 'loading_backup', {
        id: `fake-op-${++opSerial}`,
        ref,
        kind: 'restore',
        imageRef: backupRef,
      });
    }),
    deleteBackup: op('deleteBackup', (backupRef: string) => {
      images.delete(backupRef);
    }),
    isoStoredBytes: op('isoStoredBytes', (isoRef: string) => isoImages.get(isoRef)?.bytes ?? 0),
    writeIso: op('writeIso', (isoRef: string, offset: number, data: Uint8Array) => {
      const image = offset === 0 ? { bytes: 0, signature: '', complete: false } : isoImages.get(isoRef);
      if (offset !== (image?.bytes ?? 0) || image?.complete)
        throw new HypervisorError(
          'invalid_state',
          `${isoRef} holds ${image?.bytes ?? 0} bytes, not ${offset}`,
        );
      const next = image ?? { bytes: 0, signature: '', complete: false };
      for (let at = 32_769 + next.signature.length; next.signature.length < 5; at++) {
        if (at < offset || at >= offset + data.length) break;
        next.signature += String.fromCharCode(data[at - offset]!);
      }
      next.bytes = offset + data.length;
      isoImages.set(isoRef, next);
      return next.bytes;
    }),
    completeIso: op('completeIso', (isoRef: string) => {
      const image = isoImages.get(isoRef);
      if (!image) throw new HypervisorError('not_found', `No ISO ${isoRef}`);
      if (image.signature !== 'CD001') {
        isoImages.delete(isoRef);
        return { bootable: false };
      }
      image.complete = true;
      return { bootable: true };
    }),
    deleteIso: op('deleteIso', (isoRef: string) => {
      for (const [ref, attached] of attachedIso)
        if (attached === isoRef && servers.has(ref))
          throw new HypervisorError('invalid_state', `${isoRef} is attached to ${ref}`);
      isoImages.delete(isoRef);
    }),
    attachIso: op('attachIso', (ref: string, isoRef: string) => {
      requireIso(isoRef);
      server(ref);
      attachedIso.set(ref, isoRef);
    }),
    ejectIso: op('ejectIso', (ref: string) => {
      server(ref);
      attachedIso.delete(ref);
    }),
    enableIp: op('enableIp', (ref: string, family: 'ipv4' | 'ipv6') => {
      const s = inState(ref, [...SETTLED, 'rescue']);
      if (family === 'ipv4') s.ipv4 ??= nextIpv4();
      else
        s.ipv6 ??= { address: '2001:db8::2', range: '2001:db8::/64', netmask: '64', gateway: '2001:db8::1' };
    }),
    enableDdosProtection: op('enableDdosProtection', (ref: string) => {
      const s = inState(ref, [...SETTLED, 'rescue']);
      if (!s.ipv4?.address.startsWith('198.18.')) {
        s.ipv4 = {
          address: `198.18.0.${(++ips % 250) + 2}`,
          netmask: '255.255.255.0',
          gateway: '198.18.0.1',
        };
      }
      return s.ipv4;
    }),
    bandwidthUsage: op('bandwidthUsage', (ref: string, from: Date, to: Date) => {
      server(ref);
      return {
        bytes: Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000) * knobs.bytesPerSecond),
      };
    }),
    metrics: op('metrics', (ref: string, _metric, from: Date, to: Date, stepSeconds: number) => {
      server(ref);
      const points: { timestamp: number; value: number }[] = [];
      for (let t = from.getTime(); t <= to.getTime(); t += stepSeconds * 1000)
        points.push({ timestamp: Math.floor(t / 1000), value: 42 });
      return points;
    }),
    sampleMetrics: op('sampleMetrics', (refs: string[], at: Date) => {
      const samples = new Map<string, Record<MetricName, number>>();
      for (const ref of refs) {
        const s = servers.get(ref);
        if (!s || s.failure || !RUNNING.includes(s.status)) continue;
        const minute = Math.floor(at.getTime() / 60_000) % 50;
        samples.set(
          ref,
          Object.fromEntries(metricNames.map((m, i) => [m, minute + i])) as Record<MetricName, number>,
        );
      }
      return samples;
    }),
    allocateFloatingIp: op('allocateFloatingIp', (regionId: number, key: string): Ipv4Address => {
      if (knobs.noCapacity) throw new HypervisorError('no_capacity', 'No free address');
      let address = [...floatingIps].find(([, ip]) => ip.key === key)?.[0];
      if (!address) {
        address = `192.0.2.${(++floatingCount % 250) + 2}`;
        floatingIps.set(address, { key, regionId, attachedRef: null });
      }
      return { address, netmask: '255.255.255.0', gateway: '192.0.2.1' };
    }),
    releaseFloatingIp: op('releaseFloatingIp', (address: string) => {
      floatingIps.delete(address);
    }),
    attachFloatingIp: op('attachFloatingIp', (ref: string, address: string) => {
      const ip = floating(address);
      const s = server(ref);
      if (ip.attachedRef === ref) return;
      if (ip.attachedRef !== null)
        throw new HypervisorError('invalid_state', `${address} is attached elsewhere`);
      const regionId = (s as FakeServer).spec?.regionId;
      if (regionId !== undefined && regionId !== ip.regionId)
        throw new HypervisorError('invalid_state', `${address} is in another region`);
      ip.attachedRef = ref;
    }),
    detachFloatingIp: op('detachFloatingIp', (ref: string, address: string) => {
      const ip = floating(address);
      if (ip.attachedRef === ref) ip.attachedRef = null;
    }),
    floatingIpAttachment: op('floatingIpAttachment', (address: string) => floating(address).attachedRef),
    openConsole: op('openConsole', (ref: string) => {
      const s = inState(ref, RUNNING);
      const terminal = simulatedTerminal({
        hostname: s.hostname,
        username: 'root',
        system: 'Linux',
        mode: s.status === 'rescue' ? 'rescue' : 'system',
        checkPassword: async () => false,
      });
      const [viewer, host] = duplexPair();
      serveRfb(host, terminal, s.hostname);
      host.on('close', () => terminal.close());
      return viewer;
    }),
  };
  return {
    driver,
    servers,
    knobs,
    isoImages,
    floatingIps,
    /** The next call of `method` throws `error`. */
    failNext(method: keyof Hypervisor, error: Error) {
      failures.set(method, error);
    },
    add(instanceId: number, status: InstanceStatus, hostname: string) {
      servers.set(serverRef(instanceId), {
        ref: serverRef(instanceId),
        status,
        hostname,
        ipv4: null,
        ipv6: null,
        failure: null,
        host: 'fake-host-1',
      });
    },
  };
}
export type FakeHypervisor = ReturnType<typeof createFakeHypervisor>;

/** The one fake every test file of the area shares through its `vi.mock`. */
export const fakeHypervisor = createFakeHypervisor();
