import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { creationResult, mockApi, ok, preorder, renderInstances } from '../instances.test-helpers';
import { CREATION_RESULTS_KEY, saveCreationResults } from './creation-results';

const status = (...rows: [number, string, 'creating' | 'created' | 'failed', string | null][]) =>
  ok({
    instances: rows.map(([id, hostname, state, mainIp]) => ({
      id,
      hostname,
      state,
      status: state === 'created' ? 'active' : null,
      mainIp,
      detail: state === 'failed' ? 'The server could not start.' : '',
    })),
  });

afterEach(() => vi.useRealTimers());

describe('CreationPendingPage', () => {
  it('returns to creation when nothing is held', async () => {
    mockApi({});
    const { router } = await renderInstances('/createinstance/pending');
    await waitFor(() => expect(router.state.location.pathname).toBe('/createinstance'));
  });

  it('shows creating instances, their one-time password, and asks for their state', async () => {
    saveCreationResults({
      kind: 'instances',
      results: [creationResult('web-a', 5), creationResult('web-b', 6)],
    });
    const api = mockApi({
      'GET /api/instances/creation-status': status(
        [5, 'web-a', 'created', '192.0.2.5'],
        [6, 'web-b', 'creating', null],
      ),
    });
    await renderInstances('/createinstance/pending');
    expect(await screen.findByRole('heading', { name: 'Creating your services' })).toBeInTheDocument();
    const card = screen.getByRole('listitem', { name: 'web-a' });
    expect(await within(card).findByText('192.0.2.5')).toBeInTheDocument();
    expect(within(card).getByText('Pw-web-a-1234')).toBeInTheDocument();
    expect(within(card).getByText('Copy this password now: it is shown only once.')).toBeInTheDocument();
    expect(within(card).getByText('On')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'web-b' })).getByText('Creating')).toBeInTheDocument();
    expect(api.calls('GET', '/api/instances/creation-status')[0]?.query.get('ids')).toBe('5,6');
  });

  it('reports success with links to each instance and the list', async () => {
    saveCreationResults({ kind: 'instances', results: [creationResult('web-a', 5)] });
    mockApi({ 'GET /api/instances/creation-status': status([5, 'web-a', 'created', '192.0.2.5']) });
    await renderInstances('/createinstance/pending');
    expect(await screen.findByRole('heading', { name: 'Your services are ready' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open web-a' })).toHaveAttribute('href', '/instances/5/access');
    expect(screen.getByRole('link', { name: 'Go to services' })).toHaveAttribute(
      'href',
      '/services/instanceList',
    );
  });

  it('reports a partial order', async () => {
    saveCreationResults({
      kind: 'instances',
      results: [creationResult('web-a', 5), creationResult('web-b', null, 'NO_CAPACITY')],
    });
    mockApi({ 'GET /api/instances/creation-status': status([5, 'web-a', 'created', '192.0.2.5']) });
    await renderInstances('/createinstance/pending');
    expect(
      await screen.findByRole('heading', { name: 'Some services could not be created' }),
    ).toBeInTheDocument();
    expect(screen.getByText('detail of NO_CAPACITY')).toBeInTheDocument();
  });

  it('reports a failure when none was CREATED, without asking the server', async () => {
    saveCreationResults({ kind: 'instances', results: [creationResult('web-a', null, 'FAILED')] });
    const api = mockApi({});
    await renderInstances('/createinstance/pending');
    expect(await screen.findByRole('heading', { name: 'Creation failed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to creation' })).toHaveAttribute('href', '/createinstance');
    expect(api.calls('GET', '/api/instances/creation-status')).toHaveLength(0);
  });

  it('fails an instance the server does not answer for (held over from another account) and stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    saveCreationResults({
      kind: 'instances',
      results: [creationResult('web-a', 5), creationResult('theirs', 99)],
    });
    const api = mockApi({
      'GET /api/instances/creation-status': status([5, 'web-a', 'created', '192.0.2.5']),
    });
    await renderInstances('/createinstance/pending');
    expect(
      await screen.findByRole('heading', { name: 'Some services could not be created' }),
    ).toBeInTheDocument();
    const theirs = screen.getByRole('listitem', { name: 'theirs' });
    expect(within(theirs).getByText('This service is not in your account.')).toBeInTheDocument();
    expect(within(theirs).queryByText('Pw-theirs-1234')).not.toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(12_000);
    expect(api.calls('GET', '/api/instances/creation-status')).toHaveLength(1);
  });

  it('forgets the passwords once the page is left', async () => {
    saveCreationResults({ kind: 'instances', results: [creationResult('web-a', 5)] });
    mockApi({ 'GET /api/instances/creation-status': status([5, 'web-a', 'created', null]) });
    const { router } = await renderInstances('/createinstance/pending');
    await screen.findByText('Pw-web-a-1234');
    await router.navigate({ to: '/createinstance' });
    await screen.findByRole('heading', { name: 'Creation page' });
    expect(sessionStorage.getItem(CREATION_RESULTS_KEY)).not.toContain('Pw-web-a');
  });
});

const gpuProduct = {
  id: 9,
  name: 'GPU RTX 4090',
  overallActiveness: true,
  isOutOfSales: false,
  priceItems: [{ id: 'BASE_PRICE', monthlyPriceWithoutDiscount: '500.00' }],
  discounts: [],
  plan: {
    type: 'gpu-provided',
    specification: { cpu: 8, ram: 32768, storage: 400, bandwidthInTB: 10 },
    ipv4Price: '0.00',
    gpuName: 'rtx4090',
    gpuQuantity: 1,
  },
  remainingStock: 0,
  remainingDdosIpv4: 0,
  requiredFeatures: [],
  regionId: 1,
};

describe('PreorderPendingPage', () => {
  it('confirms the GPU request with its due date and countdown', async () => {
    const due = new Date(Date.now() + 3 * 86_400_000 + 30_000).toISOString();
    saveCreationResults({ kind: 'preorders', preorders: [preorder(4, 'gpu-a', due)] });
    mockApi({ 'GET /api/products': ok([gpuProduct]) });
    await renderInstances('/preorder/pending');
    expect(await screen.findByRole('heading', { name: 'GPU request confirmed' })).toBeInTheDocument();
    expect(screen.getByText(/allocated and started as soon as its GPU arrives/)).toBeInTheDocument();
    // The countdown is one unbroken unit after its label.
    expect(screen.getByText('3d 0h 0m left').parentElement).toHaveTextContent('ETA: 3d 0h 0m left');
    expect(screen.getByText(/^Expected by /)).toBeInTheDocument();
  });

  it("names the plan's GPU by its model, as the creation screen does", async () => {
    saveCreationResults({ kind: 'preorders', preorders: [preorder(4, 'gpu-a', '2030-01-01T00:00:00Z')] });
    const api = mockApi({ 'GET /api/products': ok([gpuProduct]) });
    await renderInstances('/preorder/pending');
    expect(await screen.findByText('1 × NVIDIA GeForce RTX 4090')).toBeInTheDocument();
    expect(screen.getByText('GPU RTX 4090')).toBeInTheDocument();
    expect(screen.queryByText('RTX 5090 GPU server')).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/products')[0]?.query.get('regionId')).toBe('1');
  });

  it('sends preorders from the creation pending page to the preorder page', async () => {
    saveCreationResults({ kind: 'preorders', preorders: [preorder(4, 'gpu-a', '2030-01-01T00:00:00Z')] });
    mockApi({ 'GET /api/products': ok([gpuProduct]) });
    const { router } = await renderInstances('/createinstance/pending');
    await waitFor(() => expect(router.state.location.pathname).toBe('/preorder/pending'));
    expect(await screen.findByText('1 × NVIDIA GeForce RTX 4090')).toBeInTheDocument();
  });
});
