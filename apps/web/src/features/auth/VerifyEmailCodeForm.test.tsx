import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, renderPage } from './auth.test-helpers';
import { VerifyEmailCodeForm } from './VerifyEmailCodeForm';

const renderForm = (onVerified = vi.fn()) =>
  renderPage(
    <>
      <h1>Verify</h1>
      <VerifyEmailCodeForm onVerified={onVerified} />
    </>,
  );
const codeInput = () => screen.getByLabelText(/^verification code/i);

describe('VerifyEmailCodeForm', () => {
  it('keeps digits only and sends the code', async () => {
    const fetchMock = mockApi(ok());
    const onVerified = vi.fn();
    await renderForm(onVerified);

    fireEvent.change(codeInput(), { target: { value: '12a-34 5678' } });
    expect(codeInput()).toHaveValue('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(onVerified).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/verify-email-code');
    expect(JSON.parse(String(init?.body))).toEqual({ code: '123456' });
    expect(await screen.findByText('Your email address is verified.')).toBeInTheDocument();
  });

  it('shows a wrong code on the code field', async () => {
    mockApi(fail(400, 'INVALID_OR_EXPIRED_CODE'));
    const onVerified = vi.fn();
    await renderForm(onVerified);

    fireEvent.change(codeInput(), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText(/This code is wrong or has expired/)).toBeInTheDocument();
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('waits a minute before the next resend', async () => {
    const fetchMock = mockApi(ok());
    await renderForm();

    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));

    expect(await screen.findByText('We sent you a new verification email.')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/resend-email-verification-token');
    expect(screen.getByRole('button', { name: /Resend available in (60|59) s/ })).toBeDisabled();
  });
});
