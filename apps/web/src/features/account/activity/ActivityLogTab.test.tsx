import type { ActivityLogEntry } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, logEntry, mockApi, ok, renderAccount, type SeenRequest } from '../account.test-helpers';
import { ActivityLogTab } from './ActivityLogTab';

const entries = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => logEntry('login', { ip: `10.0.0.${from + i}` }, from + i));

/** Answers the log by cursor, like the API: entries older than endTimestamp, newest first. */
const logApi = (all: ActivityLogEntry[]) => (request: SeenRequest) => {
  const end = request.query.get('endTimestamp');
  const limit = Number(request.query.get('limit'));
  return ok({ logs: all.filter((e) => !end || e.timestamp < end).slice(0, limit) });
};
const loadMore = () => screen.queryByRole('button', { name: 'Load more' });

describe('ActivityLogTab', () => {
  it('offers load more when more than 18 entries came and fetches the next page by cursor', async () => {
    const all = entries(25);
    const api = mockApi({ 'GET /api/logs': logApi(all) });
    await renderAccount(<ActivityLogTab />, '/account/log');
    expect(await screen.findByText('Signed in from 10.0.0.0')).toBeInTheDocument();
    expect(screen.queryByText('Signed in from 10.0.0.20')).not.toBeInTheDocument();

    fireEvent.click(loadMore()!);
    expect(await screen.findByText('Signed in from 10.0.0.24')).toBeInTheDocument();
    expect(api.calls('GET', '/api/logs')[1]?.query.get('endTimestamp')).toBe(all[19]?.timestamp);
    await waitFor(() => expect(loadMore()).not.toBeInTheDocument());
  });

  it('offers no load more for a short log, and hides DDoS and backup mails', async () => {
    const log = [...entries(17), logEntry('email_sent', { subject: 'Backup finished' }, 30)];
    mockApi({ 'GET /api/logs': ok({ logs: log }) });
    await renderAccount(<ActivityLogTab />, '/account/log');
    expect(await screen.findByText('Signed in from 10.0.0.16')).toBeInTheDocument();
    expect(screen.queryByText(/Backup finished/)).not.toBeInTheDocument();
    expect(loadMore()).not.toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    mockApi({ 'GET /api/logs': ok({ logs: [] }) });
    await renderAccount(<ActivityLogTab />, '/account/log');
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
  });

  it('offers a retry when the log fails to load', async () => {
    let calls = 0;
    mockApi({
      'GET /api/logs': () => (++calls === 1 ? fail(500, 'INTERNAL_ERROR') : ok({ logs: entries(1) })),
    });
    await renderAccount(<ActivityLogTab />, '/account/log');
    expect(await screen.findByText('We could not load the activity log.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Signed in from 10.0.0.0')).toBeInTheDocument();
  });
});
