import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fail,
  instance,
  mockApi,
  ok,
  renderInstanceDetail,
  type SeenRequest,
} from '../instance-detail.test-helpers';
// Loaded up front: the page loads this tab lazily, which on a busy machine can outlast a find's wait.
import './PerformanceTab';

const now = Math.floor(Date.now() / 1000);
const series = [
  { timestamp: now - 600, value: 12 },
  { timestamp: now - 300, value: 140 },
  { timestamp: now, value: 30 },
];

/** Answers metrics like the server: the agent's two refused, a failure for network out, a series else. */
function metricsAnswer(request: SeenRequest) {
  const type = request.query.get('type') ?? '';
  if (type === 'memory:usage:%' || type === 'disk:usage:%') return fail(409, 'MONITORING_NOT_INSTALLED');
  if (type === 'network:out:mb') return fail(500, 'INTERNAL_ERROR');
  if (request.query.get('typeQuery') === 'simple') return ok([{ timestamp: now, value: 42.4 }]);
  return ok(series);
}

describe('performance tab', () => {
  it('shows the gauges, a chart per metric and why a chart is missing', async () => {
    mockApi({
      'GET /api/instances/7': ok(instance({ vcpuCount: 2 })),
      'GET /api/instances/7/metrics': metricsAnswer,
    });
    await renderInstanceDetail('/instances/7/performance');
    expect(await screen.findByRole('progressbar', { name: 'CPU: 42%' })).toBeInTheDocument();
    expect(screen.getByText('2 vCPU')).toBeInTheDocument();
    const cpu = await screen.findByRole('region', { name: 'CPU usage (%)' });
    // Percentages are charted up to 100.
    expect(
      await within(cpu).findByRole('img', { name: 'CPU usage (%): from 12% to 140%, latest 30%' }),
    ).toBeInTheDocument();
    const memory = screen.getByRole('region', { name: 'Memory usage (%)' });
    expect(await within(memory).findByText(/Needs the monitoring agent/)).toBeInTheDocument();
    const out = screen.getByRole('region', { name: 'Network out (MB)' });
    expect(await within(out).findByText('Failed to get Network out (MB) data.')).toBeInTheDocument();
  });

  it('asks for the chosen period with its step', async () => {
    const api = mockApi({
      'GET /api/instances/7': ok(instance()),
      'GET /api/instances/7/metrics': metricsAnswer,
    });
    await renderInstanceDetail('/instances/7/performance');
    await screen.findByRole('region', { name: 'Disk reads (MB)' });
    const history = () =>
      api.calls('GET', '/api/instances/7/metrics').filter((c) => c.query.get('type') === 'disk:read:mb');
    await waitFor(() => expect(history().at(-1)?.query.get('step')).toBe('5'));
    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(history().at(-1)?.query.get('step')).toBe('720'));
    const last = history().at(-1)!.query;
    expect(Number(last.get('end')) - Number(last.get('start'))).toBe(7 * 86_400_000);
  });
});
