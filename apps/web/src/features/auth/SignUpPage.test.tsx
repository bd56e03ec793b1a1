import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokenStore } from '../../api/tokens';
import { fail, mockApi, ok, renderPage } from './auth.test-helpers';
import { SignUpPage } from './SignUpPage';

const checklist = () => screen.getByRole('list', { name: 'Password requirements' });
const metRules = () =>
  within(checklist())
    .getAllByRole('listitem')
    .filter((item) => within(item).queryByRole('img', { name: 'Met' }))
    .map((item) => within(item).getByText(/^At least/).textContent);

function fill({ password = 'correct horse!', terms = true } = {}) {
  fireEvent.change(screen.getByLabelText(/^full name/i), { target: { value: 'Ada Lovelace' } });
  fireEvent.change(screen.getByLabelText(/^email/i), { target: { value: 'Ada@Example.com ' } });
  fireEvent.change(screen.getByLabelText(/^password/i, { selector: 'input' }), {
    target: { value: password },
  });
  if (terms) fireEvent.click(screen.getByRole('checkbox'));
}

describe('SignUpPage', () => {
  it('ticks the password rules off while the customer types', async () => {
    mockApi();
    await renderPage(<SignUpPage />, { path: '/signup' });
    const password = screen.getByLabelText(/^password/i, { selector: 'input' });

    expect(metRules()).toEqual([]);
    fireEvent.change(password, { target: { value: 'abc' } });
    expect(metRules()).toEqual(['At least one English letter']);
    fireEvent.change(password, { target: { value: 'abcdefgh' } });
    expect(metRules()).toEqual(['At least 8 characters', 'At least one English letter']);
    fireEvent.change(password, { target: { value: 'abcdefg!' } });
    expect(metRules()).toHaveLength(3);
  });

  it('requires the terms to be accepted', async () => {
    const fetchMock = mockApi();
    await renderPage(<SignUpPage />, { path: '/signup' });

    fill({ terms: false });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(
      await screen.findByText('Accept the Terms of Service and the Acceptable Use Policy to continue.'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('links the Terms of Service and the Acceptable Use Policy of the brand', async () => {
    mockApi();
    await renderPage(<SignUpPage />, { path: '/signup' });
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      'https://nimbus.example/terms',
    );
    expect(screen.getByRole('link', { name: 'Acceptable Use Policy' })).toHaveAttribute(
      'href',
      'https://nimbus.example/acceptable-use',
    );
  });

  it('puts an already used email on the email field', async () => {
    mockApi(fail(409, 'EMAIL_ALREADY_USED'));
    await renderPage(<SignUpPage />, { path: '/signup' });

    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('An account with this email already exists.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^email/i)).toHaveAttribute('aria-invalid', 'true');
  });

  it('maps server validation issues onto their fields', async () => {
    mockApi(
      fail(400, 'VALIDATION_ERROR', {
        issues: [{ path: 'password', message: 'validation.password.special' }],
      }),
    );
    await renderPage(<SignUpPage />, { path: '/signup' });

    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('The password must contain a special character.')).toBeInTheDocument();
  });

  it('sends the cleaned values, stores the tokens and opens the dashboard', async () => {
    const fetchMock = mockApi(ok({ accessToken: 'a2', refreshToken: 'r2' }));
    await renderPage(<SignUpPage />, { path: '/signup' });

    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth');
    expect(JSON.parse(String(init?.body))).toEqual({
      fullname: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'correct horse!',
      acceptTerms: true,
    });
    expect(tokenStore.refresh()).toBe('r2');
  });
});
