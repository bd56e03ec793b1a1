import { type InstanceStatusFilter, instanceStatusFilters, isValidIpv4 } from '@nimbus/contract';
import { type IntervalSearch, intervalSearch, validInterval } from '../../components/filters';
import { optionalOneOf, optionalString } from '../../lib/search-params';
import type { InstanceFilters } from './queries';

export type InstanceListSearch = IntervalSearch & {
  status?: InstanceStatusFilter;
  ipv4?: string;
};

/**
 * `/services/instanceList?status=&interval=&from=&to=&ipv4=`: the list's filters live in the URL
 * (instances.md §2). An IP that is not a valid IPv4 address (an edited link) is dropped.
 */
export function readInstanceListSearch(search: Record<string, unknown>): InstanceListSearch {
  const ipv4 = optionalString(search.ipv4)?.trim();
  return {
    status: optionalOneOf(instanceStatusFilters, search.status),
    ...intervalSearch(search),
    ipv4: ipv4 !== undefined && isValidIpv4(ipv4) ? ipv4 : undefined,
  };
}

export const instanceFiltersOf = (search: InstanceListSearch): InstanceFilters => ({
  status: search.status,
  ipv4: search.ipv4,
  ...validInterval(search),
});

/** Filters in effect: an empty answer is then "no data", not "no services yet". */
export const isFiltered = (filters: InstanceFilters) =>
  Object.values(filters).some((value) => value !== undefined && value !== '');

/** The IPv4 search box accepts a valid address or nothing (instances.md §5). */
export const isValidIpSearch = (value: string) => value.trim() === '' || isValidIpv4(value.trim());
