import type { Hypervisor, ServerSpec, ServerState } from '../../compute/hypervisor';
import { HypervisorError } from '../../compute/hypervisor';

/**
 * Test-only in-memory driver: a server walks initializing → preparing_disk → active, one step per `get`.
 * `noCapacity` refuses creates; `failAt` makes a server fail; `down` makes every call an infrastructure error.
 */
export function fakeHypervisor() {
  const servers = new Map<string, ServerState & { spec: ServerSpec; steps: number }>();
  const calls = { create: 0, delete: 0 };
  const knobs = { noCapacity: false, fail: false, down: false };
  let ip = 10;
  const steps: ServerState['status'][] = ['initializing', 'preparing_disk', 'active'];
  const notImplemented = () => Promise.reject(new Error('not in the fake'));
  const hv = {
    name: 'fake',
    async create(spec: ServerSpec) {
      calls.create++;
      if (knobs.down) throw new HypervisorError('infrastructure', 'driver down');
      const existing = servers.get(spec.ref);
      if (existing) return { ref: spec.ref, password: 'Secret-1' };
      if (knobs.noCapacity) throw new HypervisorError('no_capacity', 'No host can hold the server.');
      servers.set(spec.ref, {
        ref: spec.ref,
        spec,
        steps: 0,
        status: 'initializing',
        hostname: spec.hostname,
        ipv4: null,
        ipv6: null,
        failure: null,
        host: 'host-1',
      });
      return { ref: spec.ref, password: 'Secret-1' };
    },
    async get(ref: string) {
      if (knobs.down) throw new HypervisorError('infrastructure', 'driver down');
      const s = servers.get(ref);
      if (!s) return null;
      if (knobs.fail && s.status !== 'active') {
        s.failure = { step: s.status, reason: 'Disk image could not be written.' };
        return { ...s };
      }
      s.steps = Math.min(s.steps + 1, steps.length - 1);
      s.status = steps[s.steps]!;
      if (s.status === 'active' && !s.ipv4 && s.spec.assignIpv4)
        s.ipv4 = { address: `203.0.113.${ip++}`, netmask: '255.255.255.0', gateway: '203.0.113.1' };
      if (s.status === 'active' && !s.ipv6 && s.spec.assignIpv6)
        s.ipv6 = { address: '2001:db8::2', range: '2001:db8::/64', netmask: '64', gateway: '2001:db8::1' };
      const { spec: _spec, steps: _steps, ...state } = s;
      return state;
    },
    async delete(ref: string) {
      calls.delete++;
      servers.delete(ref);
    },
  };
  const hypervisor = new Proxy(hv as unknown as Hypervisor, {
    get: (target, prop) => (prop in target ? target[prop as keyof Hypervisor] : notImplemented),
  });
  return { hypervisor, servers, calls, knobs };
}
