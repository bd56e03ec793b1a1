import type { Instance } from '@nimbus/contract';

/**
 * The address that stands for an instance: its main IPv4, else its IPv6 (an IPv6-only instance has an
 * address all the same), else null while none is assigned.
 */
export const mainAddress = (instance: Pick<Instance, 'mainIp' | 'mainIpv6'>): string | null =>
  instance.mainIp ?? instance.mainIpv6 ?? null;
