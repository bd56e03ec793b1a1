import { instanceStatusFilters, isValidIpv4 } from '@nimbus/contract';
import { z } from 'zod';
import { choiceSearch, intervalSearch, validInterval } from '../../components/filters';
import type { InstanceFilters } from './queries';

/**
 * `/services/instanceList?status=&interval=&from=&to=&ipv4=`: the list's filters live in the URL
 * (instances.md §2). An IP that is not a valid IPv4 address (an edited link) is dropped.
 */
export const instanceListSearchSchema = z.object({
  status: choiceSearch(instanceStatusFilters),
  ...intervalSearch,
  ipv4: z
    .string()
    .trim()
    .refine((value) => isValidIpv4(value))
    .optional()
    .catch(undefined),
});
export type InstanceListSearch = z.output<typeof instanceListSearchSchema>;

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
