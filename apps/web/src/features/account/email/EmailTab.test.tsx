import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderAccount, testUser } from '../account.test-helpers';
import { EmailTab } from './EmailTab';

describe('EmailTab', () => {
  it('requests a change and shows an address in use on the field', async () => {
    mockApi({
      'GET /api/auth/user-info': ok(testUser),
      'PUT /api/auth/change-email': fail(409, 'EMAIL_ALREADY_USED'),
    });
    await renderAccount(<EmailTab />, '/account/email');
    fireEvent.change(await screen.findByLabelText(/^New email address/), {
      target: { value: 'x@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('This email address is already in use.')).toBeInTheDocument();
  });

  const pending = { ...testUser, unverifiedEmail: { email: 'new@example.com' } };

  it('confirms a pending change with the code sent to the new address', async () => {
    const api = mockApi({
      'GET /api/auth/user-info': ok(pending),
      'POST /api/auth/verify-secondary-email-code': ok(),
    });
    await renderAccount(<EmailTab />, '/account/email');
    expect(await screen.findByText('new@example.com')).toBeInTheDocument();
    expect(screen.getByText(/your current address stays in use until you confirm/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/^Verification code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your email address is now new@example.com.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/auth/verify-secondary-email-code')[0]?.body).toEqual({ code: '123456' });
  });

  it('cancels a pending change', async () => {
    const api = mockApi({
      'GET /api/auth/user-info': ok(pending),
      'DELETE /api/auth/unverified-email': ok(),
    });
    await renderAccount(<EmailTab />, '/account/email');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel change' }));
    expect(await screen.findByText('The email change has been cancelled.')).toBeInTheDocument();
    expect(api.calls('DELETE', '/api/auth/unverified-email')).toHaveLength(1);
  });

  it('opens the verification of an unverified address at once with ?verify=true', async () => {
    const unverified = {
      ...testUser,
      accountState: 'unverified',
      email: { ...testUser.email, isVerified: false },
    };
    mockApi({ 'GET /api/auth/user-info': ok(unverified) });
    await renderAccount(<EmailTab verify />, '/account/email?verify=true');
    expect(await screen.findByText('Unverified')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeInTheDocument();
  });
});
