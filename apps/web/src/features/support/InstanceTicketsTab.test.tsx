import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { instance, renderInstanceDetail } from '../instance-detail/instance-detail.test-helpers';
import { fail, mockApi, ok, ticket, ticketList } from './support.test-helpers';
// Loaded up front: the page loads this tab lazily, which on a busy machine can outlast a find's wait.
import './InstanceTicketsTab';

describe("an instance's Tickets tab", () => {
  it('lists the tickets about this instance and opens a new one with the instance chosen', async () => {
    const api = mockApi({
      'GET /api/instances/7': ok(instance()),
      'GET /api/tickets': ok(ticketList([ticket(31, { title: 'Disk is slow', relatedServiceId: 7 })])),
    });
    await renderInstanceDetail('/instances/7/ticket');
    const table = await screen.findByRole('table', { name: 'Tickets' });
    expect(within(table).getByRole('link', { name: '#31' })).toHaveAttribute('href', '/support/31');
    expect(within(table).getByText('Disk is slow')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Tickets' })).toHaveAttribute('aria-selected', 'true');
    const sent = api.calls('GET', '/api/tickets')[0]!.query;
    expect(sent.get('relatedServiceId')).toBe('7');
    expect(sent.get('pageSize')).toBe('25');
    expect(screen.getByRole('link', { name: 'New ticket' })).toHaveAttribute(
      'href',
      '/support/new-ticket?instanceId=7',
    );
  });

  it('says when no ticket is about the instance yet', async () => {
    mockApi({ 'GET /api/instances/7': ok(instance()), 'GET /api/tickets': ok(ticketList([])) });
    await renderInstanceDetail('/instances/7/ticket');
    expect(await screen.findByText('No tickets about this instance')).toBeInTheDocument();
    // The empty state offers nothing beside the card's own New ticket: one way forward.
    expect(screen.getAllByRole('link', { name: 'New ticket' })).toHaveLength(1);
  });

  it('offers to try again when the tickets cannot be loaded', async () => {
    mockApi({ 'GET /api/instances/7': ok(instance()), 'GET /api/tickets': fail(500, 'INTERNAL_ERROR') });
    await renderInstanceDetail('/instances/7/ticket');
    expect(await screen.findByText('We could not load your tickets.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
