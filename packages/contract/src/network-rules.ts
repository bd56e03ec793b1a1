// The zod-free part of network.ts (zod-free.test.ts): the panel loads it without zod.

import type { Micros } from './money-rules';

/** Transfer is counted in 30-day cycles from the instance's start (instances.md §9). */
export const BANDWIDTH_CYCLE_DAYS = 30;
const CYCLE_MS = BANDWIDTH_CYCLE_DAYS * 86_400_000;
export const GIB = 1024 ** 3;
/** A TB of plan transfer or of a transfer package, in GiB as usage is shown. */
export const GIB_PER_TB = 1024;
/** The spec's price per GiB beyond the allowance (instances.md §9); the catalogue's `overagePricePerGib` rules. */
export const OVERAGE_PRICE_PER_GIB: Micros = 10_000;
/** A transfer package: whole TB, at least one (instances.md §4, default 1). */
export const ADD_BANDWIDTH_MAX_TB = 50;
/** The longest span one usage report covers. */
export const NETWORK_REPORT_MAX_DAYS = 31;
/** Reverse-DNS names of addresses inside the instance's IPv6 /64, at most. */
export const MAX_IPV6_PTRS = 16;

export const networkErrorCodes = {
  invalidPtr: 'INVALID_PTR',
  ipNotOfInstance: 'IP_NOT_OF_INSTANCE',
  ipAlreadyEnabled: 'IP_ALREADY_ENABLED',
  ddosAlreadyEnabled: 'DDOS_ALREADY_ENABLED',
  ddosNotSupported: 'DDOS_NOT_SUPPORTED',
  noMainIp: 'NO_MAIN_IP',
  tooManyPtrs: 'TOO_MANY_PTRS',
  noFreeAddress: 'NO_FREE_ADDRESS',
} as const;

/** The 30-day transfer cycle containing `at` for an instance started at `startedAt`. */
export function bandwidthCycleOf(startedAt: Date, at: Date): { start: Date; end: Date; index: number } {
  const index = Math.max(0, Math.floor((at.getTime() - startedAt.getTime()) / CYCLE_MS));
  const start = new Date(startedAt.getTime() + index * CYCLE_MS);
  return { start, end: new Date(start.getTime() + CYCLE_MS), index };
}

/** Bytes as GiB with two decimals, rounded down (what the panel shows, and what overage counts). */
export const gibHundredths = (bytes: number) => Math.floor((bytes * 100) / GIB);
export const bytesToGib = (bytes: number) => gibHundredths(bytes) / 100;

/** What transfer beyond `allowedGib` costs: every shown hundredth of a GiB at `pricePerGib`, rounded up. */
export function overageMicros(
  usedBytes: number,
  allowedGib: number,
  pricePerGib: Micros = OVERAGE_PRICE_PER_GIB,
): Micros {
  const over = gibHundredths(usedBytes) - allowedGib * 100;
  return over > 0 ? Math.ceil((over * pricePerGib) / 100) : 0;
}

/**
 * The first problem of a reverse-DNS name, as a `validation.*` key, or null. Syntax only (RFC 1123
 * labels, at least two of them, not an address): whether the name resolves back to the address is the
 * customer's business, as at Hetzner and DigitalOcean. One trailing dot is allowed.
 */
export function ptrProblem(name: string): string | null {
  const value = name.trim().replace(/\.$/, '');
  if (value === '') return 'validation.required';
  if (value.length > 253) return 'validation.ptr.tooLong';
  const labels = value.split('.');
  if (labels.length < 2) return 'validation.ptr.invalid';
  const label = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;
  if (!labels.every((l) => label.test(l))) return 'validation.ptr.invalid';
  if (/^\d+$/.test(labels[labels.length - 1]!)) return 'validation.ptr.invalid';
  return null;
}

/** An IPv6 address as eight 16-bit groups, or null when it is not one. */
export function ipv6Groups(address: string): number[] | null {
  const value = address.trim().toLowerCase();
  if (!/^[0-9a-f:]+$/.test(value) || value.split('::').length > 2) return null;
  const [head = '', tail] = value.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':'));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16));
}

/** Whether `address` lies inside the /64 `range` ("2001:db8:0:12::/64"). */
export function inIpv6Range(address: string, range: string): boolean {
  const [prefix, length] = range.split('/');
  const a = ipv6Groups(address);
  const p = ipv6Groups(prefix ?? '');
  if (!a || !p || length !== '64') return false;
  return a.slice(0, 4).every((g, i) => g === p[i]);
}

/** The canonical (shortest) text of an IPv6 address, so one address has one PTR entry. */
export function canonicalIpv6(address: string): string | null {
  const groups = ipv6Groups(address);
  if (!groups) return null;
  const hex = groups.map((g) => g.toString(16));
  let best = { at: -1, len: 0 };
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.len && j - i > 1) best = { at: i, len: j - i };
    i = j;
  }
  if (best.at < 0) return hex.join(':');
  return `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.len).join(':')}`;
}
