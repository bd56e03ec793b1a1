import {
  type Attachment,
  type CreateTicket,
  type Followup,
  type MediaGroup,
  supportErrorCodes,
  TICKETS_MOBILE_PAGE_SIZE,
  type Ticket,
  type TicketDepartment,
  type TicketList,
  type TicketStatus,
  type TicketStatusCounts,
} from '@nimbus/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, api, downloadBlob } from '../../api/client';
import { FALLBACK_POLL_MS, unlessLive } from '../live-updates/live-status';

/*
 * The support area's data (platform.md §7 Support). Types only from the contract's schemas: the
 * dashboard reads these queries and must not load zod.
 */

/** What a ticket list asks for; statuses are exact (a shown Pending is expanded by the caller). */
export interface TicketFilters {
  department?: readonly TicketDepartment[];
  status?: readonly TicketStatus[];
  relatedServiceId?: number;
}

/** Query keys of the support area; the event stream's `tickets` topic makes `all` stale. */
export const supportKeys = {
  all: ['support'] as const,
  /** Every ticket list: the support page's, an instance's, the dashboard's. */
  lists: () => [...supportKeys.all, 'list'] as const,
  list: (filters: TicketFilters, page: number, pageSize: number) =>
    [...supportKeys.lists(), filters, page, pageSize] as const,
  pages: (filters: TicketFilters) => [...supportKeys.lists(), 'pages', filters] as const,
  statusCounts: () => [...supportKeys.all, 'status-counts'] as const,
  ticket: (id: number) => [...supportKeys.all, 'ticket', id] as const,
  followups: (ticketId: number) => [...supportKeys.all, 'followups', ticketId] as const,
};

const fetchTickets = (filters: TicketFilters, page: number, pageSize: number) =>
  api<TicketList>('/tickets', {
    query: {
      page,
      pageSize,
      department: filters.department?.join(','),
      status: filters.status?.join(','),
      relatedServiceId: filters.relatedServiceId,
    },
  });

/** One page of tickets for a table, newest update first; the previous page stays while the next loads. */
export const ticketListQuery = (filters: TicketFilters, page: number, pageSize: number) =>
  queryOptions({
    queryKey: supportKeys.list(filters, page, pageSize),
    queryFn: () => fetchTickets(filters, page, pageSize),
    placeholderData: keepPreviousData,
  });

/** Tickets page after page for the cards on small screens; a short page is the last (platform.md §9). */
export const ticketPagesQuery = (filters: TicketFilters) =>
  infiniteQueryOptions({
    queryKey: supportKeys.pages(filters),
    queryFn: ({ pageParam }) => fetchTickets(filters, pageParam, TICKETS_MOBILE_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) =>
      last.tickets.length < TICKETS_MOBILE_PAGE_SIZE || page >= last.totalPages ? undefined : page + 1,
  });

/** How many tickets each status has; `activeCount` is the dashboard's open-tickets tile. */
export const ticketStatusCountsQuery = () =>
  queryOptions({
    queryKey: supportKeys.statusCounts(),
    queryFn: () => api<TicketStatusCounts>('/tickets/status'),
  });

/** One ticket; an open ticket page polls it while the stream is not live, so staff's status changes show. */
export const ticketQuery = (id: number) =>
  queryOptions({
    queryKey: supportKeys.ticket(id),
    queryFn: () => api<Ticket>(`/tickets/${id}`),
    refetchInterval: () => unlessLive(FALLBACK_POLL_MS),
  });

/** The messages of a ticket, oldest first; polled like the ticket, so a staff reply shows. */
export const followupsQuery = (ticketId: number) =>
  queryOptions({
    queryKey: supportKeys.followups(ticketId),
    queryFn: async () =>
      (await api<{ followups: Followup[] }>('/followups', { query: { ticketId } })).followups,
    refetchInterval: () => unlessLive(FALLBACK_POLL_MS),
  });

/** A new ticket joins the lists and the counts; the page it opens starts from the answer. */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTicket) => api<Ticket>('/tickets', { method: 'POST', body }),
    onSuccess: (ticket) => {
      queryClient.setQueryData(supportKeys.ticket(ticket.id), ticket);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: supportKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: supportKeys.statusCounts() }),
      ]);
    },
  });
}

/** A ticket's status (and its place in the lists, newest update first) changed. */
const ticketChanged = (queryClient: ReturnType<typeof useQueryClient>, ticketId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: supportKeys.ticket(ticketId) }),
    queryClient.invalidateQueries({ queryKey: supportKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: supportKeys.statusCounts() }),
  ]);

/**
 * A reply joins the thread and moves the ticket (a resolved one reopens). A reply refused because staff
 * closed the ticket meanwhile refreshes the ticket, so the page shows it closed.
 */
export function useReply(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { message: string; attachmentIds: number[] }) =>
      api<Followup>('/followups', { method: 'POST', body: { ticketId, ...body } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: supportKeys.followups(ticketId) }),
        ticketChanged(queryClient, ticketId),
      ]),
    onError: (error) => {
      if (error instanceof ApiError && error.code === supportErrorCodes.ticketClosed) {
        return ticketChanged(queryClient, ticketId);
      }
    },
  });
}

/** The customer marks the ticket resolved: the ticket is the answer; the lists and counts move. */
export function useResolveTicket(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<Ticket>(`/tickets/${ticketId}`, { method: 'PUT', body: { status: 'resolved' } }),
    onSuccess: (ticket) => {
      queryClient.setQueryData(supportKeys.ticket(ticketId), ticket);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: supportKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: supportKeys.statusCounts() }),
      ]);
    },
  });
}

/** Thumbs up or down on a staff reply (null takes the rating back); only that reply changes. */
export function useRateFollowup(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isLiked }: { id: number; isLiked: boolean | null }) =>
      api<Followup>(`/followups/${id}`, { method: 'PATCH', body: { isLiked } }),
    onSuccess: (rated) =>
      queryClient.setQueryData<Followup[]>(supportKeys.followups(ticketId), (followups) =>
        followups?.map((followup) => (followup.id === rated.id ? rated : followup)),
      ),
  });
}

/** Uploads one file to the media service; the message it is sent with claims it by id. */
export const uploadAttachment = (file: File, group: MediaGroup) =>
  api<Attachment>('/media', { method: 'POST', query: { group, name: file.name }, file });

/** An attachment's bytes: the media service wants the session's token, so not a plain link. */
export const downloadAttachment = (id: number) => downloadBlob(`/media/${id}`);
