import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Ipv4Address, Ipv6Address } from '../hypervisor';
import { HypervisorError } from '../hypervisor';

const run = promisify(execFile);

/** What the first boot must know: the cloud-init NoCloud seed's three files. */
export interface SeedContent {
  instanceId: string;
  hostname: string;
  username: string;
  /** SHA-512 crypt: the seed never holds the password itself. */
  passwordHash: string;
  sshKeys: string[];
  macAddress: string;
  ipv4: Ipv4Address | null;
  ipv6: Ipv6Address | null;
  /** Floating IPs routed to the server, configured beside its own address. */
  floatingIps: string[];
  /** An application's settings, written to /etc/nimbus/application.env for its installer. */
  applicationSettings: Record<string, string> | null;
}

/** A YAML scalar: a JSON string is a valid YAML double-quoted one. */
const q = (value: string) => JSON.stringify(value);

const prefixLength = (netmask: string) =>
  netmask
    .split('.')
    .map((part) => Number(part).toString(2).replaceAll('0', '').length)
    .reduce((a, b) => a + b, 0);

export function seedFiles(seed: SeedContent): Record<'meta-data' | 'user-data' | 'network-config', string> {
  const metaData = [`instance-id: ${q(seed.instanceId)}`, `local-hostname: ${q(seed.hostname)}`, ''].join(
    '\n',
  );
  const user = [
    '#cloud-config',
    `hostname: ${q(seed.hostname)}`,
    'disable_root: false',
    'ssh_pwauth: true',
    // Keeps the host keys a customer's clients already trust when a new revision re-runs first boot.
    'ssh_deletekeys: false',
    'users:',
    `  - name: ${q(seed.username)}`,
    '    lock_passwd: false',
    `    hashed_passwd: ${q(seed.passwordHash)}`,
    ...(seed.username === 'root' ? [] : ['    sudo: "ALL=(ALL) NOPASSWD:ALL"', '    shell: "/bin/bash"']),
    ...(seed.sshKeys.length > 0
      ? ['    ssh_authorized_keys:', ...seed.sshKeys.map((k) => `      - ${q(k)}`)]
      : []),
  ];
  if (seed.applicationSettings) {
    const env = Object.entries(seed.applicationSettings)
      .map(([key, value]) => `${key.toUpperCase().replace(/[^A-Z0-9_]/g, '_')}=${JSON.stringify(value)}`)
      .join('\n');
    user.push(
      'write_files:',
      '  - path: "/etc/nimbus/application.env"',
      '    permissions: "0600"',
      `    content: ${q(`${env}\n`)}`,
    );
  }
  const addresses = [
    ...(seed.ipv4 ? [`${seed.ipv4.address}/${prefixLength(seed.ipv4.netmask)}`] : []),
    ...(seed.ipv6 ? [`${seed.ipv6.address}/64`] : []),
    ...seed.floatingIps.map((ip) => `${ip}/32`),
  ];
  const routes = [
    ...(seed.ipv4 ? [{ to: '0.0.0.0/0', via: seed.ipv4.gateway }] : []),
    ...(seed.ipv6 ? [{ to: '::/0', via: seed.ipv6.gateway }] : []),
  ];
  const network = [
    'version: 2',
    'ethernets:',
    '  eth0:',
    '    match:',
    `      macaddress: ${q(seed.macAddress)}`,
    '    set-name: "eth0"',
    ...(addresses.length > 0
      ? ['    addresses:', ...addresses.map((a) => `      - ${q(a)}`)]
      : ['    dhcp4: true']),
    ...(routes.length > 0
      ? ['    routes:', ...routes.flatMap((r) => [`      - to: ${q(r.to)}`, `        via: ${q(r.via)}`])]
      : []),
    '',
  ];
  return { 'meta-data': metaData, 'user-data': `${user.join('\n')}\n`, 'network-config': network.join('\n') };
}

/** The seed as an ISO 9660 image labelled "cidata", as cloud-init's NoCloud source looks for it. */
export async function seedImage(seed: SeedContent): Promise<{ path: string; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'nimbus-seed-'));
  const files = join(dir, 'files');
  try {
    await run('mkdir', [files]);
    for (const [name, content] of Object.entries(seedFiles(seed))) {
      await writeFile(join(files, name), content, { mode: 0o600 });
    }
    const path = join(dir, 'seed.iso');
    await run('xorriso', ['-as', 'mkisofs', '-quiet', '-V', 'cidata', '-J', '-r', '-o', path, files], {
      timeout: 30_000,
    });
    return { path, dispose: () => rm(dir, { recursive: true, force: true }) };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new HypervisorError(
      'infrastructure',
      missing
        ? 'xorriso is not installed: it writes the servers’ cloud-init seeds.'
        : `Writing the seed failed: ${String(error)}`,
    );
  }
}
