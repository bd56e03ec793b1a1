import type { InstanceStatus } from '@nimbus/contract';
import {
  type Hypervisor,
  HypervisorError,
  type ServerSpec,
  type ServerState,
  serverRef,
} from '../compute/hypervisor';

let ips = 0;
type FakeServer = ServerState & { spec?: ServerSpec; buildStep?: number };
const buildSteps: InstanceStatus[] = ['initializing', 'preparing_disk', 'active'];

/**
 * The one test driver of the instances area: servers in a map, every operation immediate. A server made by
 * `create` walks initializing → preparing_disk → active, one step per `get`; `add` places a built one.
 * Knobs: `noCapacity` refuses creates, `fail` fails servers being built, `down` makes every call an
 * infrastructure error; `failNext` arms a failure for the next call of one method. Tests of the API
 * install the shared `fakeHypervisor` with `vi.mock('../compute/compute', …)`.
 */
export function createFakeHypervisor() {
  const servers = new Map<string, FakeServer>();
  const failures = new Map<string, Error>();
  const knobs = { noCapacity: false, fail: false, down: false };
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
    return s;
  };
  const build = (s: FakeServer & { spec: ServerSpec; buildStep: number }) => {
    if (knobs.fail) {
      s.failure = { step: s.status, reason: 'Disk image could not be written.' };
      return;
    }
    s.buildStep++;
    s.status = buildSteps[s.buildStep]!;
    if (s.status !== 'active') return;
    const n = ++ips;
    if (s.spec.assignIpv4)
      s.ipv4 = { address: `203.0.113.${(n % 250) + 2}`, netmask: '255.255.255.0', gateway: '203.0.113.1' };
    if (s.spec.assignIpv6)
      s.ipv6 = { address: '2001:db8::2', range: '2001:db8::/64', netmask: '64', gateway: '2001:db8::1' };
  };
  const driver: Partial<Hypervisor> = {
    name: 'fake',
    create: async (spec) => {
      check('create');
      if (!servers.has(spec.ref)) {
        if (knobs.noCapacity) throw new HypervisorError('no_capacity', 'No host can hold the server.');
        servers.set(spec.ref, {
          ref: spec.ref,
          spec,
          buildStep: 0,
          status: 'initializing',
          hostname: spec.hostname,
          ipv4: null,
          ipv6: null,
          failure: null,
          host: 'fake-host-1',
        });
      }
      // Idempotent by ref, as the driver interface asks.
      return { ref: spec.ref, password: 'Secret-1' };
    },
    get: async (ref) => {
      check('get');
      const s = servers.get(ref);
      if (!s) return null;
      if (s.spec && s.buildStep !== undefined && s.status !== 'active' && !s.failure)
        build(s as FakeServer & { spec: ServerSpec; buildStep: number });
      const { spec: _spec, buildStep: _step, ...state } = s;
      return state;
    },
    powerOff: async (ref) => {
      check('powerOff');
      const s = server(ref);
      if (s.status !== 'active' && s.status !== 'rescue')
        throw new HypervisorError('invalid_state', 'not on');
      s.status = 'shutdown';
    },
    powerOn: async (ref) => {
      check('powerOn');
      const s = server(ref);
      if (s.status !== 'shutdown') throw new HypervisorError('invalid_state', 'not off');
      s.status = 'active';
    },
    restart: async (ref) => {
      check('restart');
      const s = server(ref);
      if (s.status !== 'active') throw new HypervisorError('invalid_state', 'not on');
    },
    changeHostname: async (ref, hostname) => {
      check('changeHostname');
      server(ref).hostname = hostname;
    },
    resetPassword: async (ref) => {
      check('resetPassword');
      server(ref);
      return 'Generated-Pass-1';
    },
    delete: async (ref) => {
      check('delete');
      servers.delete(ref);
    },
  };
  return {
    driver: driver as Hypervisor,
    servers,
    knobs,
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
