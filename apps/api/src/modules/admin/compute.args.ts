import { parseArgs } from 'node:util';
import type { NewHost } from '../compute/libvirt/host-admin';
import { UsageError } from './admin.errors';

/** The libvirt driver's hosts, base images and the address pools (compute.commands.ts runs them). */
export type ComputeCommand =
  | ({ name: 'hosts-add'; host: string } & Omit<NewHost, 'name'>)
  | { name: 'hosts-list' }
  | { name: 'hosts-drain' | 'hosts-undrain' | 'hosts-remove'; host: string }
  | {
      name: 'images-add';
      host: string;
      image: string;
      volume: string;
      kernel?: string;
      initrd?: string;
      cmdline?: string;
    }
  | { name: 'images-list' }
  | { name: 'images-remove'; host: string; image: string }
  | { name: 'pools-add'; regionId: number; network: string; gateway: string; ddos: boolean }
  | { name: 'pools-list' };

export const computeUsage = `  hosts add <name> --region <id> --uri <libvirt URI> --pool <storage pool> --network <bridge:br0|network:default|user>
            --vcpu <n> --ram-gb <n> --disk-gb <n> [--backup-pool <pool>] [--vnc-listen <address>] [--emulated]
      Registers a KVM host for COMPUTE_DRIVER=libvirt (qemu:///system, qemu+ssh://root@kvm1/system, qemu+tls://…),
      after checking that it answers and has the pools. --emulated runs guests in software (no KVM).
  hosts list
      Lists the hosts with their state (up, draining, down) and the vCPU, RAM and disk their servers take.
  hosts drain <name> | hosts undrain <name>
      Stops (or resumes) placing new servers on the host; the servers on it keep running.
  hosts remove <name>
      Forgets a host that has no servers left.
  images add <host> <os:<id>|app:<id>|rescue> --volume <volume> [--kernel <path> [--initrd <path>] [--cmdline "<args>"]]
      Says which volume of the host's pool servers of that OS version or application start from (their disks are
      overlays of it); --kernel boots an image without a boot loader directly. "rescue" is the rescue system.
  images list
  images remove <host> <image>
  pools add --region <id> --network <203.0.113.0/24|2001:db8:1::/48> --gateway <address> [--ddos]
      Adds addresses for servers of the region: an IPv4 subnet, or an IPv6 /48 handed out as /64s.
  pools list`;

function whole(option: string, text: string | undefined): number {
  const n = Number(text);
  if (text === undefined || !/^\d+$/.test(text) || n < 1 || !Number.isSafeInteger(n)) {
    throw new UsageError(
      `${option} must be a whole number above zero${text === undefined ? '' : ` (got "${text}")`}.`,
    );
  }
  return n;
}

const required = (option: string, value: string | undefined) => {
  if (!value?.trim()) throw new UsageError(`--${option} is required.`);
  return value.trim();
};

/** Parses `hosts|images|pools <action> …`. */
export function parseComputeArgs(argv: string[]): ComputeCommand {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true; strict: true }>>;
  const options = {
    region: { type: 'string' },
    uri: { type: 'string' },
    pool: { type: 'string' },
    'backup-pool': { type: 'string' },
    network: { type: 'string' },
    'vnc-listen': { type: 'string' },
    vcpu: { type: 'string' },
    'ram-gb': { type: 'string' },
    'disk-gb': { type: 'string' },
    emulated: { type: 'boolean' },
    volume: { type: 'string' },
    kernel: { type: 'string' },
    initrd: { type: 'string' },
    cmdline: { type: 'string' },
    gateway: { type: 'string' },
    ddos: { type: 'boolean' },
  } as const;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values: v, positionals } = parsed;
  const [group, action, ...rest] = positionals;
  const command = `${group} ${action ?? ''}`.trim();
  const args = (names: string[]) => {
    if (rest.length !== names.length)
      throw new UsageError(`Usage: ${command} ${names.map((n) => `<${n}>`).join(' ')}`.trim());
    return rest as string[];
  };
  switch (command) {
    case 'hosts add': {
      const [host] = args(['name']);
      return {
        name: 'hosts-add',
        host: host!,
        regionId: whole('--region', v.region),
        uri: required('uri', v.uri),
        storagePool: required('pool', v.pool),
        backupPool: v['backup-pool'],
        network: required('network', v.network),
        vncListen: v['vnc-listen'],
        vcpu: whole('--vcpu', v.vcpu),
        ramMb: whole('--ram-gb', v['ram-gb']) * 1024,
        diskGb: whole('--disk-gb', v['disk-gb']),
        emulated: v.emulated ?? false,
      };
    }
    case 'hosts list':
      args([]);
      return { name: 'hosts-list' };
    case 'hosts drain':
    case 'hosts undrain':
    case 'hosts remove': {
      const [host] = args(['name']);
      return { name: `hosts-${action}` as 'hosts-drain', host: host! };
    }
    case 'images add': {
      const [host, image] = args(['host', 'image']);
      return {
        name: 'images-add',
        host: host!,
        image: image!,
        volume: required('volume', v.volume),
        kernel: v.kernel,
        initrd: v.initrd,
        cmdline: v.cmdline,
      };
    }
    case 'images list':
      args([]);
      return { name: 'images-list' };
    case 'images remove': {
      const [host, image] = args(['host', 'image']);
      return { name: 'images-remove', host: host!, image: image! };
    }
    case 'pools add':
      args([]);
      return {
        name: 'pools-add',
        regionId: whole('--region', v.region),
        network: required('network', v.network),
        gateway: required('gateway', v.gateway),
        ddos: v.ddos ?? false,
      };
    case 'pools list':
      args([]);
      return { name: 'pools-list' };
    default:
      throw new UsageError(`Unknown command "${command}". Run "npm run admin -- help" for the list.`);
  }
}

export const isComputeCommand = (argv: string[]) => ['hosts', 'images', 'pools'].includes(argv[0] ?? '');
