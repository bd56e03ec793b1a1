import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logEntry } from '../../account/account.test-helpers';
import { fail, instance, mockApi, ok, renderInstanceDetail } from '../instance-detail.test-helpers';
// Loaded up front: the page loads this tab lazily, which on a busy machine can outlast a find's wait.
import './LogTab';

const entries = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => logEntry('instance_powered_on', { hostname: 'web-1' }, from + i));

describe('log tab', () => {
  it('asks for this instance and words instance events', async () => {
    const api = mockApi({
      'GET /api/instances/7': ok(instance()),
      'GET /api/logs': ok({
        logs: [logEntry('instance_hostname_changed', { hostname: 'web-1' }), ...entries(2, 1)],
      }),
    });
    await renderInstanceDetail('/instances/7/log');
    await screen.findAllByText('Instance web-1 powered on', {}, { timeout: 5000 });
    expect(await screen.findByText('Hostname changed to web-1')).toBeInTheDocument();
    expect(screen.getAllByText('Instance web-1 powered on')).toHaveLength(2);
    expect(api.calls('GET', '/api/logs')[0]?.query.get('instanceId')).toBe('7');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('offers Load more past 18 entries and pages by the last timestamp', async () => {
    const first = entries(20);
    const api = mockApi({
      'GET /api/instances/7': ok(instance()),
      'GET /api/logs': (request) => ok({ logs: request.query.get('endTimestamp') ? entries(3, 30) : first }),
    });
    await renderInstanceDetail('/instances/7/log');
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }, { timeout: 5000 }));
    expect(await screen.findAllByText('Instance web-1 powered on')).toHaveLength(20);
    await screen.findByText(
      (_t, el) => el?.tagName === 'TIME' && el.getAttribute('datetime') === entries(1, 32)[0]?.timestamp,
    );
    expect(api.calls('GET', '/api/logs')[1]?.query.get('endTimestamp')).toBe(first[19]?.timestamp);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when the instance has no log yet', async () => {
    mockApi({ 'GET /api/instances/7': ok(instance()), 'GET /api/logs': ok({ logs: [] }) });
    await renderInstanceDetail('/instances/7/log');
    expect(await screen.findByText('Nothing logged for this instance yet.')).toBeInTheDocument();
  });

  it('shows the infrastructure error when the log fails, and Try again loads it', async () => {
    let calls = 0;
    mockApi({
      'GET /api/instances/7': ok(instance()),
      'GET /api/logs': () => (++calls === 1 ? fail(500, 'INTERNAL_ERROR') : ok({ logs: entries(1) })),
    });
    await renderInstanceDetail('/instances/7/log');
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong on our side' }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Instance web-1 powered on')).toBeInTheDocument();
  });
});
