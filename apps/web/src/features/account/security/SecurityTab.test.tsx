import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '../../../api/tokens';
import { fail, mockApi, ok, renderAccount } from '../account.test-helpers';
import { SecurityTab } from './SecurityTab';

const fill = (current: string, next: string, confirm = next) => {
  fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: current } });
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: next } });
  fireEvent.change(screen.getByLabelText(/^Confirm new password/), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
};

describe('SecurityTab', () => {
  it('shows a wrong current password on its field', async () => {
    mockApi({ 'POST /api/auth/change-password': fail(400, 'WRONG_CURRENT_PASSWORD') });
    await renderAccount(<SecurityTab />, '/account/security');
    fill('old-pass!1', 'new-pass!2');
    expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current password/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the confirmation before sending', async () => {
    const api = mockApi({});
    await renderAccount(<SecurityTab />, '/account/security');
    fill('old-pass!1', 'new-pass!2', 'new-pass!3');
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(api.seen).toHaveLength(0);
  });

  it('signs out everywhere after a change and sends the customer to sign in', async () => {
    tokenStore.set({ accessToken: 'a', refreshToken: 'r' });
    const api = mockApi({ 'POST /api/auth/change-password': ok() });
    const { router } = await renderAccount(<SecurityTab />, '/account/security');
    fill('old-pass!1', 'new-pass!2');
    expect(await screen.findByText('Password changed. Sign in again.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(tokenStore.refresh()).toBeNull();
    expect(api.seen[0]?.body).toEqual({ old_password: 'old-pass!1', new_password: 'new-pass!2' });
  });
});
