import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/tokens';
import { mockApi, ok, renderPage } from './auth.test-helpers';
import { VerificationFailurePage } from './VerificationFailurePage';

const path = '/verificationfailure';

describe('VerificationFailurePage', () => {
  it('tells a suspended customer to contact support', async () => {
    mockApi();
    await renderPage(<VerificationFailurePage />, { path, url: `${path}?reason=suspended` });
    expect(screen.getByRole('heading', { name: 'Your account is suspended' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@nimbus.example' })).toHaveAttribute(
      'href',
      'mailto:support@nimbus.example',
    );
  });

  it('tells a customer whose new address another account took first, and leads to choosing another', async () => {
    tokenStore.set({ accessToken: 'a', refreshToken: 'r' });
    mockApi();
    await renderPage(<VerificationFailurePage />, { path, url: `${path}?reason=email_in_use&type=email` });
    expect(screen.getByRole('heading', { name: 'This email address is already in use' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose another email address' })).toHaveAttribute(
      'href',
      '/account/email',
    );
  });

  it('sends a signed-out customer to sign in first', async () => {
    mockApi();
    await renderPage(<VerificationFailurePage />, { path, url: `${path}?reason=expired` });
    expect(screen.getByRole('heading', { name: 'This verification link has expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });

  it('lets a signed-in customer resend the email', async () => {
    tokenStore.set({ accessToken: 'a', refreshToken: 'r' });
    const fetchMock = mockApi(ok());
    await renderPage(<VerificationFailurePage />, { path, url: `${path}?reason=invalid` });

    fireEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));

    expect(await screen.findByText('We sent you a new verification email.')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/resend-email-verification-token');
  });
});
