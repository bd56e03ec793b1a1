import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderAccount, testUser } from '../account.test-helpers';
import { InformationTab } from './InformationTab';

const field = (name: RegExp) => screen.getByLabelText(name);
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('InformationTab', () => {
  it('shows the account details and the saved profile', async () => {
    mockApi({ 'GET /api/auth/user-info': ok(testUser) });
    await renderAccount(<InformationTab />);
    expect(await screen.findByText('42')).toBeInTheDocument();
    expect(screen.getByText('March 4, 2025')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(field(/^Full name/)).toHaveValue('Ada Lovelace');
    expect(field(/^Phone/)).toHaveValue('+14155550123');
  });

  it('says nothing changed without calling the API', async () => {
    const api = mockApi({ 'GET /api/auth/user-info': ok(testUser) });
    await renderAccount(<InformationTab />);
    await screen.findByText('42');
    fireEvent.change(field(/^City/), { target: { value: ' San Francisco  ' } });
    save();
    expect(await screen.findByText('Nothing changed.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/auth/update-profile')).toHaveLength(0);
  });

  it('saves a change and reports the server saying nothing changed', async () => {
    const api = mockApi({
      'GET /api/auth/user-info': ok(testUser),
      'PUT /api/auth/update-profile': fail(400, 'NOTHING_CHANGED'),
    });
    await renderAccount(<InformationTab />);
    await screen.findByText('42');
    fireEvent.change(field(/^City/), { target: { value: 'Oakland' } });
    save();
    expect(await screen.findByText('Nothing changed.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/auth/update-profile')[0]?.body).toEqual({
      fullname: 'Ada Lovelace',
      phone: '+14155550123',
      region: 'California',
      city: 'Oakland',
      country: 'United States',
    });
  });

  it('puts the server validation issues on their fields', async () => {
    mockApi({
      'GET /api/auth/user-info': ok(testUser),
      'PUT /api/auth/update-profile': fail(400, 'VALIDATION_ERROR', {
        issues: [{ path: 'phone', message: 'validation.phone.invalid' }],
      }),
    });
    await renderAccount(<InformationTab />);
    await screen.findByText('42');
    fireEvent.change(field(/^Phone/), { target: { value: '+14155550124' } });
    save();
    expect(await screen.findByText(/Enter a valid phone number/)).toBeInTheDocument();
    expect(field(/^Phone/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the phone in the browser first', async () => {
    const api = mockApi({ 'GET /api/auth/user-info': ok(testUser) });
    await renderAccount(<InformationTab />);
    await screen.findByText('42');
    fireEvent.change(field(/^Phone/), { target: { value: '12345' } });
    save();
    expect(await screen.findByText(/Enter a valid phone number/)).toBeInTheDocument();
    await waitFor(() => expect(api.calls('PUT', '/api/auth/update-profile')).toHaveLength(0));
  });

  it('asks before leaving with unsaved changes', async () => {
    mockApi({ 'GET /api/auth/user-info': ok(testUser) });
    const { router } = await renderAccount(<InformationTab />);
    await screen.findByText('42');
    fireEvent.change(field(/^City/), { target: { value: 'Oakland' } });
    void router.navigate({ to: '/signin' });
    expect(await screen.findByText('Leave without saving?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByText('Leave without saving?')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/account/information');
  });
});
