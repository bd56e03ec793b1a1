import { describe, expect, it } from 'vitest';
import { domainXml, macAddressFor, uuidFor, vncEndpoint } from './domain-xml';
import { seedFiles } from './seed';
import { parseDomstats } from './telemetry';
import { classifyVirshFailure, parseXml } from './virsh';

/** The value at a path of parsed XML. */
const at = (node: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], node);

/** What the driver writes for libvirt and cloud-init, and reads back, without a host. */
describe('libvirt driver formats', () => {
  const seed = {
    instanceId: 'instance-7-r2',
    hostname: 'web-1',
    username: 'root',
    passwordHash: '$6$salt$hash',
    sshKeys: ['ssh-ed25519 AAAA ada@laptop'],
    macAddress: '52:54:00:aa:bb:cc',
    ipv4: { address: '203.0.113.5', netmask: '255.255.255.0', gateway: '203.0.113.1' },
    ipv6: null,
    floatingIps: ['198.51.100.9'],
    applicationSettings: { admin_email: 'ada@example.com' },
  };

  it('writes a NoCloud seed with the hash, never a password, and a static network', () => {
    const files = seedFiles(seed);
    expect(files['meta-data']).toBe('instance-id: "instance-7-r2"\nlocal-hostname: "web-1"\n');
    expect(files['user-data']).toMatch(/^#cloud-config\n/);
    expect(files['user-data']).toContain('    hashed_passwd: "$6$salt$hash"');
    expect(files['user-data']).toContain('      - "ssh-ed25519 AAAA ada@laptop"');
    expect(files['user-data']).toContain('ssh_deletekeys: false');
    expect(files['user-data']).toContain('content: "ADMIN_EMAIL=\\"ada@example.com\\"\\n"');
    expect(files['network-config']).toContain('      macaddress: "52:54:00:aa:bb:cc"');
    expect(files['network-config']).toContain('      - "203.0.113.5/24"\n      - "198.51.100.9/32"');
    expect(files['network-config']).toContain('      - to: "0.0.0.0/0"\n        via: "203.0.113.1"');
    // A user other than root gets sudo; no address at all falls back to DHCP.
    const other = seedFiles({ ...seed, username: 'admin', ipv4: null, floatingIps: [] });
    expect(other['user-data']).toContain('sudo: "ALL=(ALL) NOPASSWD:ALL"');
    expect(other['network-config']).toContain('    dhcp4: true');
  });

  it('defines a domain with a stable identity, its disks, drive and console, and reads its VNC port', () => {
    const xml = domainXml(
      {
        name: 'nimbus-instance-7',
        vcpu: 2,
        ramMb: 2048,
        pool: 'nimbus',
        diskVolume: 'nimbus-instance-7-d1.qcow2',
        seedVolume: 'nimbus-instance-7-seed.iso',
        network: 'bridge:br0',
        vncListen: '10.0.0.11',
        macAddress: macAddressFor('instance-7'),
        boot: null,
        cdrom: { pool: 'nimbus', volume: 'nimbus-iso-3.iso' },
        bootFromCdrom: true,
        serialLog: '/var/log/libvirt/qemu/nimbus-instance-7-serial.log',
      },
      'kvm',
    );
    const domain = parseXml(xml).domain;
    expect(at(domain, '@type')).toBe('kvm');
    expect(at(domain, 'uuid')).toBe(uuidFor('nimbus-instance-7'));
    expect(uuidFor('nimbus-instance-7')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(at(domain, 'memory')).toEqual({ '@unit': 'MiB', '#text': 2048 });
    expect(at(domain, 'os', 'boot')).toEqual([{ '@dev': 'cdrom' }, { '@dev': 'hd' }]);
    const disks = at(domain, 'devices', 'disk') as unknown[];
    expect(disks.map((d) => at(d, 'target', '@dev'))).toEqual(['vda', 'vdb', 'sda']);
    expect(at(disks[2], 'source')).toEqual({ '@pool': 'nimbus', '@volume': 'nimbus-iso-3.iso' });
    expect(xml).toContain('<readonly/>');
    expect(at(domain, 'devices', 'interface', 'source')).toEqual({ '@bridge': 'br0' });
    expect(at(domain, 'devices', 'channel', 'target', '@name')).toBe('org.qemu.guest_agent.0');
    expect(macAddressFor('instance-7')).toBe(macAddressFor('instance-7'));
    expect(macAddressFor('instance-7')).toMatch(/^52:54:00(:[0-9a-f]{2}){3}$/);

    const live = xml.replace('port="-1"', 'port="5901"');
    expect(vncEndpoint(live)).toEqual({ host: '10.0.0.11', port: 5901 });
    expect(vncEndpoint(xml)).toBeNull();
  });

  it('reads domstats blocks and says what kind of failure virsh reported', () => {
    const stats = parseDomstats(
      "Domain: 'nimbus-a'\n  cpu.time=1500000000\n  net.0.rx.bytes=806\n\nDomain: 'nimbus-b'\n  balloon.current=196608\n",
    );
    expect(stats.get('nimbus-a')).toEqual({ 'cpu.time': 1_500_000_000, 'net.0.rx.bytes': 806 });
    expect(stats.get('nimbus-b')).toEqual({ 'balloon.current': 196_608 });

    expect(classifyVirshFailure("error: failed to get domain 'x'", false)).toMatchObject({
      kind: 'not_found',
    });
    expect(
      classifyVirshFailure('error: Requested operation is not valid: domain is not running', false),
    ).toMatchObject({
      kind: 'invalid_state',
    });
    expect(classifyVirshFailure('error: failed to connect to the hypervisor', false)).toMatchObject({
      kind: 'infrastructure',
      hostUnreachable: true,
    });
    expect(classifyVirshFailure('', true)).toMatchObject({ kind: 'infrastructure', hostUnreachable: true });
    expect(classifyVirshFailure('error: disk full', false)).toMatchObject({
      kind: 'infrastructure',
      hostUnreachable: false,
    });
  });
});
