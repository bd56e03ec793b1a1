import { CAPTCHA_HEADER } from '@nimbus/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/tokens';
import { fail, mockApi, ok, renderPage, testBranding } from './auth.test-helpers';
import { SignInPage } from './SignInPage';

function fillAndSubmit(email = 'ada@example.com', password = 'secret-pass') {
  fireEvent.change(screen.getByLabelText(/^email/i), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^password/i, { selector: 'input' }), {
    target: { value: password },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

const headersOf = (call: unknown[] | undefined) =>
  ((call?.[1] as RequestInit | undefined)?.headers ?? {}) as Record<string, string>;

describe('SignInPage', () => {
  it('shows "Wrong email or password." on 401 and stays signed out', async () => {
    const fetchMock = mockApi(fail(401, 'WRONG_CREDENTIALS'));
    await renderPage(<SignInPage />, { path: '/signin' });

    fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/customer-login');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ada@example.com', password: 'secret-pass' });
    // Captcha provider none: no captcha header at all.
    expect(headersOf(fetchMock.mock.calls[0])).not.toHaveProperty(CAPTCHA_HEADER);
    expect(tokenStore.isAuthenticated()).toBe(false);
  });

  it('explains an account whose sign-in is paused after too many wrong passwords', async () => {
    mockApi(fail(429, 'SIGN_IN_LOCKED'));
    await renderPage(<SignInPage />, { path: '/signin' });

    fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      /signing in to it is paused .* reset your password/,
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(tokenStore.isAuthenticated()).toBe(false);
  });

  it('checks the fields before calling the API', async () => {
    const fetchMock = mockApi();
    await renderPage(<SignInPage />, { path: '/signin' });

    fillAndSubmit('not-an-email', '');

    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stores the tokens and goes to the dashboard', async () => {
    mockApi(ok({ accessToken: 'a1', refreshToken: 'r1' }));
    await renderPage(<SignInPage />, { path: '/signin' });

    fillAndSubmit();

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(tokenStore.access()).toBe('a1');
    expect(tokenStore.refresh()).toBe('r1');
  });

  it('sends the Turnstile token in the captcha header', async () => {
    vi.stubGlobal('turnstile', {
      render: (_el: HTMLElement, options: { callback: (token: string) => void }) => {
        options.callback('turnstile-token');
        return 'widget-1';
      },
      reset: vi.fn(),
      remove: vi.fn(),
    });
    const fetchMock = mockApi(ok({ accessToken: 'a1', refreshToken: 'r1' }));
    await renderPage(<SignInPage />, {
      path: '/signin',
      branding: { ...testBranding, captcha: { provider: 'turnstile', siteKey: 'site-key' } },
    });

    fillAndSubmit();

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(headersOf(fetchMock.mock.calls[0])[CAPTCHA_HEADER]).toBe('turnstile-token');
  });

  it('shows the captcha error when the widget never gives a token', async () => {
    vi.stubGlobal('turnstile', { render: () => 'widget-1', reset: vi.fn(), remove: vi.fn() });
    const fetchMock = mockApi();
    await renderPage(<SignInPage />, {
      path: '/signin',
      branding: { ...testBranding, captcha: { provider: 'turnstile', siteKey: 'site-key' } },
    });

    fillAndSubmit();

    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'We could not confirm that you are not a robot.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
