import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderPage } from './auth.test-helpers';
import { ResetPasswordPage } from './ResetPasswordPage';

function fill(password: string, confirmation: string) {
  fireEvent.change(screen.getByLabelText(/^new password/i, { selector: 'input' }), {
    target: { value: password },
  });
  fireEvent.change(screen.getByLabelText(/^confirm new password/i), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
}

describe('ResetPasswordPage', () => {
  it('asks for a new link when the URL has no token', async () => {
    mockApi();
    await renderPage(<ResetPasswordPage />, { path: '/resetpassword' });
    expect(screen.getByRole('alert')).toHaveTextContent('This link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgotpassword',
    );
  });

  it('checks that the confirmation matches', async () => {
    const fetchMock = mockApi();
    await renderPage(<ResetPasswordPage />, { path: '/resetpassword', url: '/resetpassword?token=t1' });
    fill('correct horse!', 'correct horse?');
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the new password with the token and opens the success page', async () => {
    const fetchMock = mockApi(ok());
    await renderPage(<ResetPasswordPage />, { path: '/resetpassword', url: '/resetpassword?token=t1' });
    fill('correct horse!', 'correct horse!');
    expect(await screen.findByRole('heading', { name: 'Reset done' })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/confirm-reset-password?token=t1');
    expect(JSON.parse(String(init?.body))).toEqual({ new_password: 'correct horse!' });
  });

  it('explains an expired token and offers a new link', async () => {
    mockApi(fail(400, 'INVALID_OR_EXPIRED_TOKEN'));
    await renderPage(<ResetPasswordPage />, { path: '/resetpassword', url: '/resetpassword?token=old' });
    fill('correct horse!', 'correct horse!');
    expect(await screen.findByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
  });
});
