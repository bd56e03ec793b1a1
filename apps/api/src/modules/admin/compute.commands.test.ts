import { describe, expect, it } from 'vitest';
import { useSimulator } from '../compute/compute.test-helpers';
import { libvirtUnavailable, TEST_POOL, TEST_URI } from '../compute/libvirt/libvirt.test-helpers';
import { parseAdminArgs, usage } from './admin.args';
import { UsageError } from './admin.errors';
import { runAdminCommand } from './admin.run';
import { adminDeps } from './admin.test-helpers';

const unavailable = libvirtUnavailable();
if (unavailable) console.warn(`hosts and images commands on a real libvirt host: SKIPPED (${unavailable})`);

describe('hosts, images and pools commands', () => {
  // The database and catalogue of a compute test; the commands talk to the host themselves.
  const sim = useSimulator();
  const run = async (line: string) =>
    (await runAdminCommand(parseAdminArgs(line.split(' ')), adminDeps(sim.db))).lines.join('\n');

  it('lists the commands and refuses what is missing or malformed', async () => {
    expect(usage).toContain('hosts add <name>');
    expect(usage).toContain('images add <host>');
    expect(usage).toContain('pools add --region');
    expect(() => parseAdminArgs(['hosts', 'add', 'kvm1', '--region', '1'])).toThrow(UsageError);
    expect(() => parseAdminArgs(['hosts', 'add', 'kvm1', '--region', 'x'])).toThrow(
      '--region must be a whole number',
    );
    expect(() => parseAdminArgs(['hosts', 'shout'])).toThrow('Unknown command "hosts shout"');
    await expect(run('pools add --region 1 --network 203.0.113.7/24 --gateway 203.0.113.1')).rejects.toThrow(
      'not a network address',
    );
    await expect(run('pools add --region 1 --network 2001:db8:5::/64 --gateway fe80::1')).rejects.toThrow(
      '/48',
    );
    await expect(
      run('pools add --region 999 --network 203.0.113.0/24 --gateway 203.0.113.1'),
    ).rejects.toThrow('There is no region 999');
  });

  it('adds address pools and lists them', async () => {
    expect(await run('pools add --region 2 --network 203.0.113.0/24 --gateway 203.0.113.1')).toContain(
      'Pool 203.0.113.0/24 added to region 2',
    );
    await run('pools add --region 2 --network 198.51.100.0/25 --gateway 198.51.100.1 --ddos');
    await run('pools add --region 2 --network 2001:db8:42::/48 --gateway fe80::1');
    const list = await run('pools list');
    expect(list).toContain('region 2  ipv4  203.0.113.0/24  gateway 203.0.113.1');
    expect(list).toContain('198.51.100.0/25  gateway 198.51.100.1  DDoS-protected');
    expect(list).toContain('region 2  ipv6  2001:db8:42::/48');
  });

  it.skipIf(unavailable !== null)(
    'registers a host after checking it, with its images, and drains and removes it',
    async () => {
      await expect(
        run(
          'hosts add far --region 1 --uri qemu+tcp://127.0.0.1:1/system --pool x --network user --vcpu 4 --ram-gb 8 --disk-gb 100 --emulated',
        ),
      ).rejects.toThrow('does not answer');
      await expect(
        run(
          `hosts add kvm-a --region 1 --uri ${TEST_URI} --pool no-such-pool --network user --vcpu 4 --ram-gb 8 --disk-gb 100 --emulated`,
        ),
      ).rejects.toThrow('no-such-pool');
      await expect(
        run(
          `hosts add kvm-a --region 1 --uri ${TEST_URI} --pool ${TEST_POOL} --network eth0 --vcpu 4 --ram-gb 8 --disk-gb 100`,
        ),
      ).rejects.toThrow('--network is bridge:<name>');
      const added = await run(
        `hosts add kvm-a --region 1 --uri ${TEST_URI} --pool ${TEST_POOL} --network user --vcpu 4 --ram-gb 8 --disk-gb 100 --emulated`,
      );
      expect(added).toBe('Host kvm-a added to region 1 (software emulation).');
      expect(await run('hosts list')).toMatch(
        /region 1 {2}kvm-a {2}up {2}qemu:\/\/\/system {2}vCPU 0\/4 {2}RAM 0\/8 GB {2}disk 0\/100 GB/,
      );

      await expect(run('images add kvm-a os:1 --volume not-there.qcow2')).rejects.toThrow(
        'has no volume not-there.qcow2',
      );
      await expect(run('images add kvm-a debian --volume x')).rejects.toThrow('os:<OS version id>');
      expect(await run('images add kvm-a os:1 --volume test-guest-base.qcow2')).toContain(
        'start from test-guest-base.qcow2',
      );
      expect(await run('images list')).toContain('kvm-a  os:1  test-guest-base.qcow2');

      await run('hosts drain kvm-a');
      expect(await run('hosts list')).toContain('kvm-a  draining');
      await run('images remove kvm-a os:1');
      expect(await run('hosts remove kvm-a')).toBe('Host kvm-a removed.');
      expect(await run('hosts list')).toContain('No hosts');
    },
  );
});
