import type { BackupProfile } from '@nimbus/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { region } from '../instance-creation/instance-creation-fixtures.test-helpers';
import {
  fail,
  instance,
  mockApi,
  ok,
  renderInstanceDetail,
} from '../instance-detail/instance-detail.test-helpers';
// Loaded up front: the page loads this tab lazily, which on a busy machine can outlast a find's wait.
import './BackupsTab';

const profile = (overrides: Partial<BackupProfile> = {}): BackupProfile => ({
  instanceId: 7,
  status: 'disabled',
  scheduleFrequency: 'weekly',
  scheduleWeekDays: [0, 1],
  periodId: 1,
  monthlyPrice: '2.40',
  feePercentage: 20,
  maxFiles: 3,
  lastSuccessfulBackupTime: null,
  nextBackupAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  purgeAt: null,
  backupFiles: [],
  ...overrides,
});
const file = (id: number, status: 'active' | 'failed' | 'restoring' = 'active') => ({
  id,
  instanceId: 7,
  createdAt: `2026-11-2${id}T02:10:00.000Z`,
  status,
  size: 3072,
});
const reads = (settings: BackupProfile) => ({
  'GET /api/instances/7': ok(instance()),
  'GET /api/backups': ok(settings),
  'GET /api/regions': ok([region({ config: { supportDdosIpv4: false, supportBackup: true } })]),
});
const open = () => renderInstanceDetail('/instances/7/backups');

describe('backups tab', () => {
  it('enables weekly backups after confirming their fee, needing a day when weekly', async () => {
    const api = mockApi({
      ...reads(profile()),
      'POST /api/backups': ok(profile({ status: 'active', scheduleWeekDays: [0, 1, 3] })),
    });
    await open();
    expect(
      await screen.findByText(/20 % of the instance's price: \$2.40 a month/, {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    // The window is isolated left-to-right (for Arabic): read without the isolate marks.
    expect(screen.getByText(/^A backup is taken every/).textContent?.replace(/[\u2066-\u2069]/g, '')).toBe(
      'A backup is taken every Sunday and Monday between 00:00–04:00 UTC.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sunday' }));
    fireEvent.click(screen.getByRole('button', { name: 'Monday' }));
    expect(screen.getByText('Choose at least one day for the weekly backups.')).toBeInTheDocument();
    const enable = screen.getByRole('button', { name: 'Enable backups' });
    expect(enable).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Wednesday' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sunday' }));
    fireEvent.click(enable);
    const dialog = await screen.findByRole('dialog', { name: 'Enable automated backups?' });
    expect(dialog).toHaveTextContent('$2.40 a month');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enable backups' }));
    expect(await screen.findByText('Automated backups are enabled.')).toBeInTheDocument();
    const [call] = api.calls('POST', '/api/backups');
    expect(call?.body).toEqual({
      instanceId: 7,
      scheduleFrequency: 'weekly',
      scheduleWeekDays: [3, 0],
      periodId: 1,
    });
    expect(call?.headers.get('idempotency-key')).toBeTruthy();
  });

  it('restores a backup only when Restore is typed exactly', async () => {
    const api = mockApi({
      ...reads(profile({ status: 'active', backupFiles: [file(2), file(1, 'failed')] })),
      'POST /api/backups/2/restore': ok(file(2, 'restoring')),
    });
    await open();
    const table = await screen.findByRole('table', { name: 'Backups' }, { timeout: 15_000 });
    const restores = within(table).getAllByRole('button', { name: 'Restore' });
    expect(restores[1]).toBeDisabled();
    fireEvent.click(restores[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Restore this backup?' });
    const typed = await within(dialog).findByRole('textbox', { name: 'Type Restore to confirm' });
    const confirm = within(dialog).getByRole('button', { name: 'Restore' });
    fireEvent.change(typed, { target: { value: 'restore' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(typed, { target: { value: 'Restore' } });
    fireEvent.click(confirm);
    expect(await screen.findByText('The backup is being restored.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/backups/2/restore')[0]?.body).toEqual({ confirm: 'Restore' });
  });

  it('disables after a notice that the stored backups go in 72 hours', async () => {
    const api = mockApi({
      ...reads(profile({ status: 'active', nextBackupAt: '2026-11-30T01:12:00.000Z' })),
      'DELETE /api/backups': ok(profile({ purgeAt: '2026-11-29T10:00:00.000Z' })),
    });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Disable backups' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable automated backups?' });
    expect(dialog).toHaveTextContent('deleted after 72 hours');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable backups' }));
    expect(await screen.findByText(/stored backups are deleted in 72 hours/)).toBeInTheDocument();
    expect(api.calls('DELETE', '/api/backups')[0]?.query.get('instanceId')).toBe('7');
  });

  it('says when the settings cannot be loaded', async () => {
    mockApi({ ...reads(profile()), 'GET /api/backups': fail(500, 'INFRASTRUCTURE_ERROR') });
    await open();
    expect(
      await screen.findByText('The backup settings could not be loaded.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });
});
