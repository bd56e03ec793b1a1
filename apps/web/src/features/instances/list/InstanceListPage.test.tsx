import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onSmallScreen } from '../../billing/billing.test-helpers';
import { DELETION_QUEUE_KEY } from '../deletion/deletion-queue';
import {
  fail,
  instance,
  instanceList,
  mockApi,
  ok,
  preorder,
  preorderRow,
  renderInstances,
} from '../instances.test-helpers';

const stats = ok({
  instanceCount: 3,
  poweredOnInstanceCount: 2,
  shutdownInstanceCount: 1,
  suspendedInstanceCount: 0,
});

/** The counts beside the list: the services' and the pending GPU preorders' (none unless a test says). */
const counts = { 'GET /api/instances/stats': stats, 'GET /api/preorders': ok({ preorders: [] }) };

const rowOf = (hostname: string) => screen.getByText(hostname).closest('tr') as HTMLElement;

describe('InstanceListPage', () => {
  it('lists instances with chips, truncated hostnames, links and the network warning', async () => {
    mockApi({
      'GET /api/instances': ok(
        instanceList([
          instance(1, { hostname: 'a-very-long-hostname-for-the-list', networkStatus: 'suspended' }),
          instance(2, { status: 'shutdown' }),
        ]),
      ),
      ...counts,
    });
    await renderInstances('/services/instanceList');
    expect(await screen.findByText('a-very-long-hostnam…')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'web-2' })).toHaveAttribute('href', '/instances/2/access');
    expect(within(rowOf('web-2')).getByText('Off')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'The network of this service is suspended.' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('3 services')).toBeInTheDocument();
    // Each figure says what it is.
    expect(within(rowOf('web-2')).getByText('2 GB RAM')).toBeInTheDocument();
    expect(within(rowOf('web-2')).getByText('40 GB disk')).toBeInTheDocument();
  });

  it('counts the GPU preorders beside the services, so the counts add up to the rows', async () => {
    mockApi({
      'GET /api/instances': ok(instanceList([preorderRow(9, '2030-01-01T00:00:00Z'), instance(1)])),
      ...counts,
      'GET /api/preorders': ok({ preorders: [preorder(9, 'gpu-9', '2030-01-01T00:00:00Z')] }),
    });
    await renderInstances('/services/instanceList');
    const byState = await screen.findByRole('list', { name: 'Services by state' });
    expect(await within(byState).findByText('1 GPU preorder')).toBeInTheDocument();
    expect(within(byState).getByText('3 services')).toBeInTheDocument();
  });

  it('shows a customer without services only the prompt to create one', async () => {
    mockApi({ 'GET /api/instances': ok(instanceList([])), ...counts });
    await renderInstances('/services/instanceList');
    await screen.findByText('You have no services yet');
    expect(screen.getAllByRole('link', { name: /Create a service|New service/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Filter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Search by IPv4' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restart' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Services by state' })).not.toBeInTheDocument();
  });

  it('prompts to create when there are no services, and says no data when filters match nothing', async () => {
    const api = mockApi({ 'GET /api/instances': ok(instanceList([])), ...counts });
    await renderInstances('/services/instanceList');
    expect(await screen.findByText('You have no services yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a service' })).toHaveAttribute('href', '/createinstance');

    const { router } = await renderInstances('/services/instanceList?status=suspended');
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(api.calls('GET', '/api/instances').at(-1)?.query.get('status')).toBe('suspended');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('disables creating rows and shows preorders with their countdown, not clickable', async () => {
    const due = new Date(Date.now() + 2 * 86_400_000 + 3_600_000 + 60_000 * 5 + 30_000).toISOString();
    mockApi({
      'GET /api/instances': ok(
        instanceList([
          preorderRow(9, due),
          instance(1, { status: 'spawning_qemu', mainIp: null }),
          instance(2),
        ]),
      ),
      ...counts,
      'GET /api/preorders': ok({ preorders: [preorder(9, 'gpu-9', due)] }),
    });
    await renderInstances('/services/instanceList');
    await screen.findByText('gpu-9');
    expect(screen.getByRole('checkbox', { name: 'Select web-1' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select gpu-9' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Select web-2' })).toBeEnabled();
    expect(within(rowOf('gpu-9')).queryByRole('link')).not.toBeInTheDocument();
    // Said once, by the status chip; the address column gives the time left only.
    expect(within(rowOf('gpu-9')).getAllByText('Allocating GPU')).toHaveLength(1);
    // The countdown is one unbroken unit after its label.
    expect(within(rowOf('gpu-9')).getByText('2d 1h 5m left').parentElement).toHaveTextContent(
      'ETA: 2d 1h 5m left',
    );
    expect(within(rowOf('web-1')).getByText('Pending')).toBeInTheDocument();
  });

  it('warns on an invalid IPv4 search and searches a valid one', async () => {
    const api = mockApi({
      'GET /api/instances': ok(instanceList([instance(1)])),
      ...counts,
    });
    const { router } = await renderInstances('/services/instanceList');
    await screen.findByText('web-1');
    const box = screen.getByRole('textbox', { name: 'Search by IPv4' });
    fireEvent.change(box, { target: { value: '300.1.1.1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Enter a valid IPv4 address.')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({});
    fireEvent.change(box, { target: { value: '192.0.2.1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ ipv4: '192.0.2.1' }));
    await waitFor(() =>
      expect(api.calls('GET', '/api/instances').at(-1)?.query.get('ipv4')).toBe('192.0.2.1'),
    );
  });

  it('loads the next page by bookmark and appends it', async () => {
    const api = mockApi({
      'GET /api/instances': (request) =>
        request.query.get('bookmark') === 'b2'
          ? ok(instanceList([instance(11)]))
          : ok(
              instanceList(
                Array.from({ length: 10 }, (_, i) => instance(i + 1)),
                'b2',
              ),
            ),
      ...counts,
    });
    await renderInstances('/services/instanceList');
    await screen.findByText('web-10');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('web-11')).toBeInTheDocument();
    expect(screen.getByText('web-1')).toBeInTheDocument();
    expect(api.calls('GET', '/api/instances').at(-1)?.query.get('limit')).toBe('10');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('warns when acting with nothing selected', async () => {
    mockApi({ 'GET /api/instances': ok(instanceList([instance(1)])), ...counts });
    await renderInstances('/services/instanceList');
    await screen.findByText('web-1');
    fireEvent.click(screen.getByRole('button', { name: 'Restart' }));
    expect(await screen.findByText('No service is selected.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('restarts the selected instances in parallel after the typed phrase', async () => {
    const api = mockApi({
      'GET /api/instances': ok(instanceList([instance(1), instance(2), instance(3)])),
      ...counts,
      'POST /api/instances/1/reset': ok(null),
      'POST /api/instances/3/reset': fail(500, 'INFRASTRUCTURE_ERROR'),
    });
    await renderInstances('/services/instanceList');
    await screen.findByText('web-1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select web-1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select web-3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Restart' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Restart' });
    fireEvent.change(await within(dialog).findByRole('textbox'), { target: { value: 'restar' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'restar T' } });
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST', '/api/instances/1/reset')).toHaveLength(1);
    expect(api.calls('POST', '/api/instances/3/reset')).toHaveLength(1);
    expect(api.calls('POST', '/api/instances/2/reset')).toHaveLength(0);
    expect(await screen.findByText('web-1 is restarting.')).toBeInTheDocument();
  });

  it('selects all selectable rows and queues them for deletion', async () => {
    mockApi({
      'GET /api/instances': ok(
        instanceList([instance(1), instance(2, { status: 'initializing' }), instance(3)]),
      ),
      ...counts,
      'POST /api/instances/bulk-subscription-refund': fail(500, 'INTERNAL_ERROR'),
    });
    const { router } = await renderInstances('/services/instanceList');
    await screen.findByText('web-1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all services' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/instance-deletion'));
    expect(JSON.parse(sessionStorage.getItem(DELETION_QUEUE_KEY) ?? '[]')).toEqual([1, 3]);
  });

  it('shows a compact table on small screens, the IP under the hostname', async () => {
    onSmallScreen();
    mockApi({ 'GET /api/instances': ok(instanceList([instance(1)])), ...counts });
    await renderInstances('/services/instanceList');
    await screen.findByText('web-1');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['', 'Hostname', 'Status']);
    expect(within(rowOf('web-1')).getByText('192.0.2.1')).toBeInTheDocument();
  });
});
