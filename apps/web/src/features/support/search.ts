import {
  type ShownTicketStatus,
  shownTicketStatuses,
  type TicketDepartment,
  ticketDepartments,
  ticketStatusesShownAs,
} from '@nimbus/contract';
import { pageSearch } from '../../components/filters';
import { optionalBoolean, optionalInt, optionalOneOf } from '../../lib/search-params';
import type { TicketFilters } from './queries';

/** Search params of the support routes: the list's filters and page live in the URL (platform.md §2). */

export type SupportSearch = {
  department?: TicketDepartment;
  /** A status as the panel names it: Pending stands for every team's pending status. */
  status?: ShownTicketStatus;
  page?: number;
};
export const readSupportSearch = (search: Record<string, unknown>): SupportSearch => ({
  department: optionalOneOf(ticketDepartments, search.department),
  status: optionalOneOf(shownTicketStatuses, search.status),
  page: pageSearch(search.page),
});

/** What the support page asks the API for. */
export const ticketFiltersOf = (search: SupportSearch): TicketFilters => ({
  department: search.department ? [search.department] : undefined,
  status: search.status ? ticketStatusesShownAs(search.status) : undefined,
});

/** `instanceId` preselects the instance the ticket is about; `kyc=true` opens the KYC ticket. */
export type NewTicketSearch = { instanceId?: number; kyc?: boolean };
export const readNewTicketSearch = (search: Record<string, unknown>): NewTicketSearch => ({
  instanceId: optionalInt(search.instanceId),
  kyc: optionalBoolean(search.kyc),
});
