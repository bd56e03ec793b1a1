import { useQueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cacheWithScreens } from '../../test/stale-screens';
import { supportKeys, useCreateTicket, useRateFollowup, useReply, useResolveTicket } from './queries';
import { created, fail, followup, mockApi, ok, ticket } from './support.test-helpers';

/** Every support screen a change could make stale, beside the other areas' screens. */
const supportScreens = {
  ticketTable: supportKeys.list({}, 1, 25),
  ticketCards: supportKeys.pages({}),
  dashboardTickets: supportKeys.list({ status: ['open'] }, 1, 5),
  counts: supportKeys.statusCounts(),
  ticket7: supportKeys.ticket(7),
  ticket8: supportKeys.ticket(8),
  thread7: supportKeys.followups(7),
  thread8: supportKeys.followups(8),
};
const lists = ['ticketTable', 'ticketCards', 'dashboardTickets', 'counts'];

describe('support changes refresh exactly what they change', () => {
  it('a new ticket: the lists and the counts', async () => {
    mockApi({ 'POST /api/tickets': created(ticket(9)) });
    const { wrapper, stale } = cacheWithScreens(supportScreens);
    const { result } = renderHook(() => useCreateTicket(), { wrapper });
    await act(() =>
      result.current.mutateAsync({ title: 'Help', department: 'support', message: 'x'.repeat(15) }),
    );
    expect(stale()).toEqual(lists);
  });

  it('a reply: its thread, its ticket, the lists and the counts', async () => {
    mockApi({ 'POST /api/followups': created(followup(20)) });
    const { wrapper, stale } = cacheWithScreens(supportScreens);
    const { result } = renderHook(() => useReply(7), { wrapper });
    await act(() => result.current.mutateAsync({ message: 'x'.repeat(15), attachmentIds: [] }));
    expect(stale().sort()).toEqual([...lists, 'ticket7', 'thread7'].sort());
  });

  it('a reply to a ticket closed meanwhile: the ticket, so it shows closed, the lists and the counts', async () => {
    mockApi({ 'POST /api/followups': fail(409, 'TICKET_CLOSED') });
    const { wrapper, stale } = cacheWithScreens(supportScreens);
    const { result } = renderHook(() => useReply(7), { wrapper });
    await act(() =>
      result.current.mutateAsync({ message: 'x'.repeat(15), attachmentIds: [] }).catch(() => {}),
    );
    expect(stale().sort()).toEqual([...lists, 'ticket7'].sort());
  });

  it('resolving: the lists and the counts; the ticket is the answer', async () => {
    mockApi({ 'PUT /api/tickets/7': ok(ticket(7, { status: 'resolved' })) });
    const { wrapper, stale } = cacheWithScreens(supportScreens);
    const { result } = renderHook(() => useResolveTicket(7), { wrapper });
    await act(() => result.current.mutateAsync());
    expect(stale()).toEqual(lists);
  });

  it('a rating: nothing to refetch, the reply is the answer', async () => {
    mockApi({ 'PATCH /api/followups/12': ok(followup(12, { author: 'staff', isLiked: true })) });
    const { wrapper, stale } = cacheWithScreens(supportScreens);
    const { result } = renderHook(() => ({ rate: useRateFollowup(7), client: useQueryClient() }), {
      wrapper,
    });
    const thread = [followup(11), followup(12, { author: 'staff' })];
    result.current.client.setQueryData(supportKeys.followups(7), thread);
    await act(() => result.current.rate.mutateAsync({ id: 12, isLiked: true }));
    expect(stale()).toEqual([]);
    expect(result.current.client.getQueryData(supportKeys.followups(7))).toEqual([
      thread[0],
      { ...thread[1], isLiked: true },
    ]);
  });
});
