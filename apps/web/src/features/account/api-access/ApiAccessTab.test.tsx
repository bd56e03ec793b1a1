import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, renderAccount } from '../account.test-helpers';
import { ApiAccessTab } from './ApiAccessTab';

const none = { exists: false, prefix: null, createdAt: null, lastUsedAt: null };
const existing = {
  exists: true,
  prefix: 'nmb_ab12',
  createdAt: '2026-01-05T09:30:00.000Z',
  lastUsedAt: null,
};

describe('ApiAccessTab', () => {
  it('shows a new token once, then its prefix', async () => {
    let info: typeof none | typeof existing = none;
    mockApi({
      'GET /api/account/api-token': () => ok(info),
      'POST /api/account/api-token': () => {
        info = existing;
        return ok({ token: 'nmb_ab12secretsecret', prefix: 'nmb_ab12', createdAt: existing.createdAt });
      },
    });
    await renderAccount(<ApiAccessTab />, '/account/api-access');
    fireEvent.click(await screen.findByRole('button', { name: 'Create token' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('nmb_ab12secretsecret')).toBeInTheDocument();
    expect(await screen.findByText('Never')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByText('nmb_ab12secretsecret')).not.toBeInTheDocument());
    expect(screen.getByText('nmb_ab12…')).toBeInTheDocument();
  });

  it('revokes after confirmation', async () => {
    let info: typeof none | typeof existing = existing;
    const api = mockApi({
      'GET /api/account/api-token': () => ok(info),
      'DELETE /api/account/api-token': () => {
        info = none;
        return ok();
      },
    });
    await renderAccount(<ApiAccessTab />, '/account/api-access');
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke token' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    expect(await screen.findByText('The API token has been revoked.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Create token' })).toBeInTheDocument();
    expect(api.calls('DELETE', '/api/account/api-token')).toHaveLength(1);
  });
});
