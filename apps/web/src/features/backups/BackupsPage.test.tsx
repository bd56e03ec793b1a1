import type { BackupProfileListItem } from '@nimbus/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../test/api';
import { pageRoute, renderRoutes, stubRoute } from '../../test/render';
import { BackupsPage } from './BackupsPage';

const item = (instanceId: number, hostname: string): BackupProfileListItem => ({
  instanceId,
  status: 'active',
  scheduleFrequency: 'daily',
  scheduleWeekDays: null,
  periodId: 1,
  monthlyPrice: '1.00',
  feePercentage: 20,
  maxFiles: 3,
  lastSuccessfulBackupTime: '2026-11-25T01:00:00.000Z',
  nextBackupAt: '2026-11-26T01:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  purgeAt: null,
  backupFiles: [{ id: 1, instanceId, createdAt: '2026-11-25T01:00:00.000Z', status: 'active', size: 2048 }],
  instanceData: {
    hostname,
    mainIp: '203.0.113.9',
    regionId: 1,
    regionName: 'Frankfurt',
    planClass: 'default',
    disk: 25,
    osId: 3,
  },
});

const render = () =>
  renderRoutes('/services/backups', (root) => [
    pageRoute(root, '/services/backups', BackupsPage),
    stubRoute(root, '/services/$tab', 'Services tab'),
    stubRoute(root, '/services/instanceList', 'Instance list'),
    stubRoute(root, '/instances/$id/$tab', 'Instance page'),
  ]);

describe('Services > Backups', () => {
  it('lists each instance with backups, leading to its Backups tab', async () => {
    mockApi({ 'GET /api/backups/profiles': ok([item(4, 'db-1')]) });
    await render();
    const table = await screen.findByRole('table', { name: 'Backups' });
    const link = within(table).getByRole('link', { name: /db-1/ });
    expect(link).toHaveAttribute('href', '/instances/4/backups');
    expect(within(table).getByText('Daily')).toBeInTheDocument();
    expect(within(table).getByText('Frankfurt')).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    mockApi({ 'GET /api/backups/profiles': ok([]) });
    await render();
    expect(await screen.findByText(/No instance has automated backups yet/)).toBeInTheDocument();
  });

  it('says when they cannot be loaded', async () => {
    mockApi({ 'GET /api/backups/profiles': fail(500, 'INFRASTRUCTURE_ERROR') });
    await render();
    expect(await screen.findByText('The backups could not be loaded.')).toBeInTheDocument();
  });
});
