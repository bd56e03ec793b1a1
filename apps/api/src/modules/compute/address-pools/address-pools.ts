import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import type { Ipv4Address, Ipv6Address } from '../hypervisor';
import { ipAllocations, ipPools } from './address-pools.tables';

/**
 * Address pools: IPv4 addresses one by one from a subnet (network + 1 is the gateway, the broadcast
 * address is never handed out), IPv6 as routed /64s out of a /48. An allocation row is the proof of
 * ownership; its primary key makes handing one address to two servers impossible.
 */

const ipv4ToInt = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const intToIpv4 = (n: number) => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');

function ipv4Range(network: string) {
  const [base, prefix] = network.split('/');
  const size = 2 ** (32 - Number(prefix));
  const start = ipv4ToInt(base!);
  // .0 is the network, .1 the gateway, the last the broadcast.
  return { first: start + 2, last: start + size - 2 };
}

/** "2001:db8:1::/48" → "2001:db8:1"; the /64 number n → "2001:db8:1:n::/64". */
const ipv6Prefix48 = (network: string) => network.split('::')[0]!;
const MAX_IPV6_SUBNETS = 0xffff;
const ipv6Subnet = (network: string, n: number) => `${ipv6Prefix48(network)}:${n.toString(16)}::/64`;
/** The server's own address inside its /64. */
const ipv6AddressOf = (range: string) => range.replace('::/64', '::1');

type AddressKind = 'ipv4' | 'ddosIpv4' | 'ipv6';

async function poolOf(tx: DbOrTx, regionId: number, kind: AddressKind) {
  const [pool] = await tx
    .select()
    .from(ipPools)
    .where(
      and(
        eq(ipPools.regionId, regionId),
        eq(ipPools.family, kind === 'ipv6' ? 'ipv6' : 'ipv4'),
        eq(ipPools.ddosProtected, kind === 'ddosIpv4'),
      ),
    )
    .orderBy(asc(ipPools.id))
    .limit(1)
    // Serialises allocation from this pool: the first free address is still free at insert time.
    .for('update');
  return pool ?? null;
}

/**
 * Gives the server an address of this kind and returns it (the IPv4 address, or the IPv6 /64). A server
 * that already holds one from the pool keeps it, so running a step twice never takes a second one.
 * Null when the pool is exhausted.
 */
export async function allocateAddress(
  tx: DbOrTx,
  serverRef: string,
  regionId: number,
  kind: AddressKind,
): Promise<string | null> {
  const pool = await poolOf(tx, regionId, kind);
  if (!pool) return null;
  const taken = await tx
    .select({ address: ipAllocations.address, serverRef: ipAllocations.serverRef })
    .from(ipAllocations)
    .where(eq(ipAllocations.poolId, pool.id));
  const own = taken.find((a) => a.serverRef === serverRef);
  if (own) return own.address;
  const used = new Set(taken.map((a) => a.address));
  let address: string | null = null;
  if (pool.family === 'ipv4') {
    const { first, last } = ipv4Range(pool.network);
    for (let n = first; n <= last && !address; n++) if (!used.has(intToIpv4(n))) address = intToIpv4(n);
  } else {
    for (let n = 1; n <= MAX_IPV6_SUBNETS && !address; n++) {
      const range = ipv6Subnet(pool.network, n);
      if (!used.has(range)) address = range;
    }
  }
  if (!address) return null;
  await tx.insert(ipAllocations).values({ address, poolId: pool.id, serverRef });
  return address;
}

/** Gives back every address of the server (or only those listed). */
export async function releaseAddresses(tx: DbOrTx, serverRef: string, addresses?: string[]) {
  await tx
    .delete(ipAllocations)
    .where(
      and(
        eq(ipAllocations.serverRef, serverRef),
        addresses ? inArray(ipAllocations.address, addresses) : undefined,
      ),
    );
}

/** The server's addresses with their pool's netmask and gateway, as the Hypervisor reports them. */
export async function describeAddresses(
  db: DbOrTx,
  ipv4: string | null,
  ipv6: string | null,
): Promise<{ ipv4: Ipv4Address | null; ipv6: Ipv6Address | null }> {
  const wanted = [ipv4, ipv6].filter((a): a is string => a !== null);
  if (wanted.length === 0) return { ipv4: null, ipv6: null };
  const rows = await db
    .select({ address: ipAllocations.address, gateway: ipPools.gateway, netmask: ipPools.netmask })
    .from(ipAllocations)
    .innerJoin(ipPools, eq(ipPools.id, ipAllocations.poolId))
    .where(inArray(ipAllocations.address, wanted));
  const v4 = rows.find((r) => r.address === ipv4);
  const v6 = rows.find((r) => r.address === ipv6);
  return {
    ipv4: v4 ? { address: v4.address, netmask: v4.netmask, gateway: v4.gateway } : null,
    ipv6: v6
      ? { address: ipv6AddressOf(v6.address), range: v6.address, netmask: v6.netmask, gateway: v6.gateway }
      : null,
  };
}

/** Whether the address is DDoS-protected (in a protected pool). */
export async function isProtectedAddress(db: DbOrTx, address: string): Promise<boolean> {
  const [row] = await db
    .select({ ddos: ipPools.ddosProtected })
    .from(ipAllocations)
    .innerJoin(ipPools, eq(ipPools.id, ipAllocations.poolId))
    .where(eq(ipAllocations.address, address));
  return row?.ddos ?? false;
}
