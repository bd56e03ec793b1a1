import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Which addresses an ISO download may connect to: public unicast only. Everything a server-side request
 * forgery aims at — loopback, private, carrier-grade NAT, link-local (cloud metadata at 169.254.169.254),
 * documentation, benchmarking, multicast, reserved, and IPv6's local ranges and IPv4-in-IPv6 forms — is
 * refused, for the address a name resolves to as well as for literal addresses.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** Origins the operator trusts although they are private (an internal mirror): `https://host:port`. */
export type TrustedOrigins = ReadonlySet<string>;

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class BlockedAddressError extends Error {
  constructor(readonly host: string) {
    super(`${host} is not a public address.`);
    this.name = 'BlockedAddressError';
  }
}

/** The host of a URL as a bare address or name (brackets of an IPv6 literal removed). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for node's http(s) agents that resolves the name and refuses it when any of its addresses is
 * not public. The socket connects to the address checked here, so a name cannot resolve to a public
 * address for the check and a private one for the connection (DNS rebinding).
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      if (!allowPrivate && (list.length === 0 || list.some((a) => !isPublicAddress(a.address))))
        return callback(Object.assign(new BlockedAddressError(hostname), { code: 'EBLOCKED' }), []);
      if ((options as { all?: boolean }).all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * Refuses a URL whose host is a literal non-public address (names are checked when they resolve, by
 * `guardedLookup`). An origin the operator trusts passes.
 */
export function assertAllowedTarget(url: URL, trusted: TrustedOrigins) {
  if (trusted.has(url.origin)) return { allowPrivate: true };
  const host = hostOf(url);
  if (isIP(host) !== 0 && !isPublicAddress(host)) throw new BlockedAddressError(host);
  if (host === 'localhost' || host.endsWith('.localhost')) throw new BlockedAddressError(host);
  return { allowPrivate: false };
}
