import type { BackupProfileListItem } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueApi, ok, renderCreationPage } from '../instance-creation.test-helpers';
import { region } from '../instance-creation-fixtures.test-helpers';

const profile = (instanceId: number, disk: number): BackupProfileListItem => ({
  instanceId,
  status: 'active',
  scheduleFrequency: 'daily',
  scheduleWeekDays: null,
  periodId: 1,
  monthlyPrice: '1.00',
  feePercentage: 20,
  maxFiles: 3,
  lastSuccessfulBackupTime: '2026-11-25T01:00:00.000Z',
  nextBackupAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  purgeAt: null,
  backupFiles: [
    { id: instanceId * 10, instanceId, createdAt: '2026-11-25T01:00:00.000Z', status: 'active', size: 2048 },
  ],
  instanceData: {
    hostname: `db-${instanceId}`,
    mainIp: null,
    regionId: 1,
    regionName: 'Frankfurt',
    planClass: 'default',
    disk,
    osId: 11,
  },
});

describe('backups as a source of new instances, and backups chosen at creation', () => {
  it('orders instances from a chosen backup, and says why another cannot be chosen', async () => {
    const api = catalogueApi({
      'GET /api/backups/profiles': ok([profile(1, 20), profile(2, 500)]),
      'POST /api/instances': ok({
        results: [
          { hostname: 'ubuntu-s-1-fra-1', code: 'CREATED', detail: '', instanceId: 5, password: 'pw' },
        ],
      }),
    });
    await renderCreationPage();
    fireEvent.click(screen.getByRole('tab', { name: 'Backups' }));
    const group = await screen.findByRole('radiogroup', { name: 'Backups' });
    expect(within(group).getByText('Needs a plan with at least 500 GB of storage.')).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: /db-2/ })).toBeDisabled();
    fireEvent.click(within(group).getByRole('radio', { name: /db-1/ }));
    await waitFor(() =>
      expect(within(group).getByRole('radio', { name: /db-1/ })).toHaveAttribute('aria-checked', 'true'),
    );
    fireEvent.click(screen.getByRole('button', { name: /Create instance/ }));
    await screen.findByRole('heading', { name: 'Pending' });
    expect(api.calls('POST', '/api/instances')[0]?.body).toMatchObject({ backupId: 10, fromSnapshot: null });
  });

  it('sends the backup schedule chosen in the options', async () => {
    const api = catalogueApi({
      'GET /api/regions': ok([region({ config: { supportDdosIpv4: false, supportBackup: true } })]),
      'POST /api/instances': ok({
        results: [
          { hostname: 'ubuntu-s-1-fra-1', code: 'CREATED', detail: '', instanceId: 5, password: 'pw' },
        ],
      }),
    });
    await renderCreationPage();
    fireEvent.click(await screen.findByRole('switch', { name: 'Automated backups' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Daily' }, { timeout: 10_000 }));
    // The fee shows in the order summary: the catalogue's share of the instance's monthly price.
    const fee = within(screen.getByRole('complementary')).getByText('Automated backups (billed hourly)');
    expect(fee.nextElementSibling).toHaveTextContent(/^\$\d+\.\d{2}\/mo$/);
    fireEvent.click(screen.getByRole('button', { name: /Create instance/ }));
    await screen.findByRole('heading', { name: 'Pending' });
    expect(api.calls('POST', '/api/instances')[0]?.body).toMatchObject({
      backupSettings: { scheduleFrequency: 'daily', scheduleWeekDays: null, periodId: 1 },
    });
  });
});
