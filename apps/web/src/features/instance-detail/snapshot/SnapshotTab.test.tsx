import type { Snapshot } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fail,
  instance,
  mockApi,
  ok,
  onSmallScreen,
  onWideScreen,
  renderInstanceDetail,
} from '../instance-detail.test-helpers';
// Loaded up front: the page loads this tab lazily, which on a busy machine can outlast a find's wait.
import './SnapshotTab';

const open = () => renderInstanceDetail('/instances/7/snapshot');

function snapshot(overrides: Partial<Snapshot> = {}): Snapshot {
  return {
    id: 31,
    name: 'web-1-2026-11-20-0900',
    size: 2048,
    status: 'active',
    createdAt: '2026-11-20T09:00:00.000Z',
    lastRestoredAt: null,
    instanceId: 7,
    regionId: 1,
    productId: 2,
    isInstanceDeleted: false,
    monthlyPrice: '0.0960',
    metadata: {
      ip: '203.0.113.7',
      ipv6: null,
      hostname: 'web-1',
      instanceClass: 'default',
      osId: 3,
      isoId: null,
      appId: null,
      features: [],
      vCpuCount: 2,
      ram: 4096,
      disk: 80,
      extraVCpuCount: 0,
      extraRamInGb: 0,
      extraDiskInGb: 0,
    },
    ...overrides,
  };
}
const page = (items: Snapshot[], totalCount = items.length) =>
  ok({ items, pageSize: 25, totalCount, totalPages: Math.ceil(totalCount / 25) });

describe('snapshot tab', () => {
  it('lists the instance snapshots with their size, status and price note', async () => {
    onWideScreen();
    const api = mockApi({
      'GET /api/instances/7': ok(instance()),
      'GET /api/snapshots': page([
        snapshot(),
        snapshot({ id: 32, name: 'web-1-before', status: 'in_progress', size: null }),
      ]),
    });
    await open();
    const table = await screen.findByRole('table', { name: 'Snapshots' });
    expect(within(table).getByText('web-1-2026-11-20-0900')).toBeInTheDocument();
    expect(within(table).getByText('2.00 GB')).toBeInTheDocument();
    expect(within(table).getByText('Ready')).toBeInTheDocument();
    expect(within(table).getByText('Taking')).toBeInTheDocument();
    expect(screen.getByText(/Each costs \$0\.048 per GB a month/)).toBeInTheDocument();
    expect(api.calls('GET', '/api/snapshots')[0]?.query.get('instanceId')).toBe('7');
    // A snapshot being taken cannot be deleted until it is done.
    expect(within(table).getByRole('button', { name: 'Delete web-1-before' })).toBeDisabled();
  });

  it('takes a snapshot, and says so when the balance is short', async () => {
    let answer = fail(460, 'BALANCE_WAS_INSUFFICIENT_FOR_ADDING_SNAPSHOT');
    const api = mockApi({
      'GET /api/instances/7': ok(instance()),
      'GET /api/snapshots': page([]),
      'POST /api/snapshots': () => answer,
    });
    await open();
    expect(await screen.findByText('No snapshots yet')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Take snapshot' }));
    expect(
      await screen.findByText('Your balance is insufficient for taking a new snapshot.'),
    ).toBeInTheDocument();
    answer = ok({ data: snapshot({ status: 'in_progress', size: null }) });
    fireEvent.click(screen.getByRole('button', { name: 'Take snapshot' }));
    await waitFor(() => expect(api.calls('POST', '/api/snapshots')).toHaveLength(2));
    expect(api.calls('POST', '/api/snapshots')[1]?.body).toEqual({ instanceId: 7 });
    // Each click is its own intent: a new idempotency key.
    const [first, second] = api.calls('POST', '/api/snapshots').map((c) => c.headers.get('idempotency-key'));
    expect(first).not.toBe(second);
  });

  it.each([
    ['rescue', instance({ status: 'rescue' }), 'Leave rescue mode to take a snapshot.'],
    [
      'an ISO',
      instance({ isoId: 4 }),
      'Snapshots are not available while a custom ISO is attached. Detach it first.',
    ],
    [
      'changing',
      instance({ status: 'taking_snapshot' }),
      'A snapshot can be taken once the instance has finished what it is doing.',
    ],
  ])('says why no snapshot can be taken in %s', async (_case, answer, reason) => {
    mockApi({ 'GET /api/instances/7': ok(answer), 'GET /api/snapshots': page([]) });
    await open();
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take snapshot' })).toBeDisabled();
  });

  it('restores only once the word is typed, and suggests a resize when the disk is too small', async () => {
    const api = mockApi({
      'GET /api/instances/7': ok(instance()),
      'GET /api/snapshots': page([snapshot()]),
      'POST /api/snapshots/31/restore': fail(409, 'SNAPSHOT_IS_NOT_COMPATIBLE_WITH_INSTANCE_SPEC'),
    });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Restore web-1-2026-11-20-0900' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore web-1-2026-11-20-0900?' });
    const confirm = within(dialog).getByRole('button', { name: 'Restore' });
    expect(confirm).toBeDisabled();
    fireEvent.change(await within(dialog).findByRole('textbox'), { target: { value: ' restore ' } });
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    expect(await screen.findByText(/The instance's disk is smaller than this snapshot/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Resize' })).toHaveAttribute(
      'href',
      '/instances/7/resize',
    );
    expect(api.calls('POST', '/api/snapshots/31/restore')).toHaveLength(1);
  });

  it('deletes after confirmation, and tells when a snapshot being taken becomes ready', async () => {
    let items = [snapshot({ status: 'in_progress', size: null })];
    const api = mockApi({
      'GET /api/instances/7': ok(instance()),
      'GET /api/snapshots': () => page(items),
      'DELETE /api/snapshots/31': ok(null),
    });
    const { queryClient } = await open();
    await screen.findByText('Taking');
    items = [snapshot()];
    await queryClient.invalidateQueries({ queryKey: ['snapshots'] });
    expect(await screen.findByText('Snapshot web-1-2026-11-20-0900 is ready.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Delete web-1-2026-11-20-0900' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete web-1-2026-11-20-0900?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls('DELETE', '/api/snapshots/31')).toHaveLength(1));
  });

  it('tells the deletion of the last snapshot even when server push empties the list first', async () => {
    let items = [snapshot()];
    let release: (answer: ReturnType<typeof ok>) => void = () => {};
    mockApi({
      'GET /api/instances/7': ok(instance()),
      'GET /api/snapshots': () => page(items),
      'DELETE /api/snapshots/31': () => new Promise((resolve) => (release = resolve)),
    });
    const { queryClient } = await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete web-1-2026-11-20-0900' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete web-1-2026-11-20-0900?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    // The snapshots event of the deletion arrives before the call's own answer.
    items = [];
    await queryClient.invalidateQueries({ queryKey: ['snapshots'] });
    expect(await screen.findByText('No snapshots yet')).toBeInTheDocument();
    release(ok(null));
    expect(await screen.findByText('Snapshot web-1-2026-11-20-0900 was deleted.')).toBeInTheDocument();
  });

  it('shows cards on a small screen, and the snapshot of a deleted instance as such', async () => {
    onSmallScreen();
    mockApi({
      'GET /api/instances/7': ok(instance()),
      'GET /api/snapshots': page([snapshot({ isInstanceDeleted: true })]),
    });
    await open();
    const list = await screen.findByRole('list', { name: 'Snapshots' });
    expect(within(list).getByText('web-1 (deleted)')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Restore web-1-2026-11-20-0900' })).toBeDisabled();
  });
});
