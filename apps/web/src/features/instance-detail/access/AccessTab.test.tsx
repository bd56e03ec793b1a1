import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fail,
  instance,
  mockApi,
  ok,
  onSmallScreen,
  renderInstanceDetail,
} from '../instance-detail.test-helpers';

const hostnameInput = () => screen.findByRole('textbox', { name: 'Hostname' });
const save = () => screen.getByRole('button', { name: 'Save' });
async function confirmPasswordReset() {
  fireEvent.click(await screen.findByRole('button', { name: 'Reset password' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reset the password of web-1?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Reset password' }));
}

describe('access tab', () => {
  it('shows the software, the username and the application settings', async () => {
    mockApi({
      'GET /api/instances/7': ok(
        instance({
          os: { id: 9, name: 'Windows Server 2022', family: 'windows' },
          ocaData: { admin_email: 'ada@example.com' },
        }),
      ),
    });
    await renderInstanceDetail();
    expect(await screen.findByText('Windows Server 2022')).toBeInTheDocument();
    expect(screen.getByText('Administrator')).toBeInTheDocument();
    expect(screen.getByText('4 GB')).toBeInTheDocument();
    expect(screen.getByText('admin_email')).toBeInTheDocument();
  });

  it('shows the custom ISO in the drive and detaches it, which reboots the instance', async () => {
    let attached = true;
    const api = mockApi({
      'GET /api/instances/7': () =>
        ok(instance({ os: null, osId: null, isoId: attached ? 3 : null, attachIso: attached })),
      'POST /api/instances/7/eject-iso': () => {
        attached = false;
        return ok(instance({ os: null, osId: null, isoId: null, attachIso: false }));
      },
    });
    await renderInstanceDetail();
    expect(await screen.findByText('A custom ISO is attached.')).toBeInTheDocument();
    expect(screen.getByText('Custom ISO (installed by you)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Custom ISO' })).toHaveAttribute('href', '/services/customIso');
    fireEvent.click(screen.getByRole('button', { name: 'Detach ISO' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detach the ISO?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Detach ISO' }));
    expect(
      await screen.findByText('The ISO was detached. The instance is rebooting from its disk.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('A custom ISO is attached.')).not.toBeInTheDocument());
    expect(api.calls('POST', '/api/instances/7/eject-iso')).toHaveLength(1);
  });

  it('disables Save while the hostname is unchanged, empty or invalid', async () => {
    mockApi({ 'GET /api/instances/7': ok(instance()) });
    await renderInstanceDetail();
    const input = await hostnameInput();
    expect(save()).toBeDisabled();
    fireEvent.change(input, { target: { value: '' } });
    await waitFor(() => expect(save()).toBeDisabled());
    fireEvent.change(input, { target: { value: 'web 2' } });
    expect(await screen.findByText('The hostname cannot contain spaces.')).toBeInTheDocument();
    expect(save()).toBeDisabled();
    fireEvent.change(input, { target: { value: '.web' } });
    await waitFor(() => expect(save()).toBeDisabled());
    fireEvent.change(input, { target: { value: 'web-2' } });
    await waitFor(() => expect(save()).toBeEnabled());
  });

  it('re-checks the hostname on save: an invalid one is refused with a toast', async () => {
    const api = mockApi({ 'GET /api/instances/7': ok(instance()) });
    await renderInstanceDetail();
    const input = await hostnameInput();
    fireEvent.change(input, { target: { value: 'bad host' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Change hostname' }));
    expect(await screen.findByText('The hostname is not valid.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/instances/7/change-hostname')).toHaveLength(0);
  });

  it('saves a new hostname with a toast and refetches the instance', async () => {
    let hostname = 'web-1';
    const api = mockApi({
      'GET /api/instances/7': () => ok(instance({ hostname })),
      'POST /api/instances/7/change-hostname': (request) => {
        hostname = (request.body as { hostname: string }).hostname;
        return ok(null);
      },
    });
    await renderInstanceDetail();
    fireEvent.change(await hostnameInput(), { target: { value: 'web-2' } });
    await waitFor(() => expect(save()).toBeEnabled());
    fireEvent.click(save());
    expect(await screen.findByText('The hostname was changed to web-2.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/instances/7/change-hostname')[0]?.body).toEqual({ hostname: 'web-2' });
    expect(await screen.findByRole('heading', { level: 1, name: 'web-2' })).toBeInTheDocument();
  });

  it('toasts the name just saved when a second rename follows quickly', async () => {
    let hostname = 'web-1';
    mockApi({
      'GET /api/instances/7': () => ok(instance({ hostname })),
      'POST /api/instances/7/change-hostname': (request) => {
        hostname = (request.body as { hostname: string }).hostname;
        return ok(null);
      },
    });
    await renderInstanceDetail();
    fireEvent.change(await hostnameInput(), { target: { value: 'web-2' } });
    await waitFor(() => expect(save()).toBeEnabled());
    fireEvent.click(save());
    expect(await screen.findByText('The hostname was changed to web-2.')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'web-2' });
    fireEvent.change(await hostnameInput(), { target: { value: 'web-3' } });
    await waitFor(() => expect(save()).toBeEnabled());
    fireEvent.click(save());
    expect(await screen.findByText('The hostname was changed to web-3.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('The hostname was changed to web-2.')).not.toBeInTheDocument(),
    );
  });

  it.each([
    ['rescue', instance({ status: 'rescue' })],
    ['mikrotik', instance({ os: { id: 4, name: 'RouterOS 7', family: 'mikrotik' } })],
    ['a snapshot pending', instance({ status: 'taking_snapshot' })],
    ['changing', instance({ status: 'spawning_qemu' })],
  ])('disables reset password in %s', async (_case, answer) => {
    mockApi({ 'GET /api/instances/7': ok(answer) });
    await renderInstanceDetail();
    expect(await screen.findByRole('button', { name: 'Reset password' })).toBeDisabled();
  });

  it('resets the password only once the dialog is confirmed; Cancel sends nothing', async () => {
    const api = mockApi({
      'GET /api/instances/7': ok(instance()),
      'POST /api/instances/7/change-pass': ok({ password: 'N3w-Secret!', appliesAt: 'now' }),
    });
    await renderInstanceDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Reset password' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset the password of web-1?' });
    expect(within(confirm).getByText(/A new password for root is generated/)).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST', '/api/instances/7/change-pass')).toHaveLength(0);
  });

  it('shows the new password once, with copy', async () => {
    mockApi({
      'GET /api/instances/7': ok(instance()),
      'POST /api/instances/7/change-pass': ok({ password: 'N3w-Secret!', appliesAt: 'now' }),
    });
    await renderInstanceDetail();
    await confirmPasswordReset();
    const dialog = await screen.findByRole('dialog', { name: 'New password' });
    expect(within(dialog).getByText('N3w-Secret!')).toBeInTheDocument();
    expect(within(dialog).getByText(/shown only once/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy password' })).toBeInTheDocument();
    // Set by the guest agent: it works at once, so nothing says otherwise.
    expect(within(dialog).queryByText(/next time it starts/)).not.toBeInTheDocument();
  });

  it('says when the server takes the password only at its next start', async () => {
    mockApi({
      'GET /api/instances/7': ok(instance()),
      'POST /api/instances/7/change-pass': ok({ password: 'N3w-Secret!', appliesAt: 'next_boot' }),
    });
    await renderInstanceDetail();
    await confirmPasswordReset();
    const dialog = await screen.findByRole('dialog', { name: 'New password' });
    expect(
      within(dialog).getByText(
        'The server takes this password the next time it starts; until then its current password still works.',
      ),
    ).toBeInTheDocument();
  });

  it('words a 500 on reset password as the could-not-reset message', async () => {
    mockApi({
      'GET /api/instances/7': ok(instance()),
      'POST /api/instances/7/change-pass': fail(500, 'COUDNT_RESET_VM_PASSWORD'),
    });
    await renderInstanceDetail();
    await confirmPasswordReset();
    expect(
      await screen.findByText("Couldn't reset VM password due to infrastructure error"),
    ).toBeInTheDocument();
  });

  it('shortens SSH keys to 50 characters each end on wide screens', async () => {
    const key = `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5${'k'.repeat(150)} ada@laptop`;
    mockApi({ 'GET /api/instances/7': ok(instance({ sshKeys: [key] })) });
    await renderInstanceDetail();
    expect(await screen.findByText(`${key.slice(0, 50)}…${key.slice(-50)}`)).toBeInTheDocument();
  });

  it('shortens SSH keys to 20 characters each end on small screens', async () => {
    onSmallScreen();
    const key = `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5${'k'.repeat(150)} ada@laptop`;
    mockApi({ 'GET /api/instances/7': ok(instance({ sshKeys: [key] })) });
    await renderInstanceDetail();
    expect(await screen.findByText(`${key.slice(0, 20)}…${key.slice(-20)}`)).toBeInTheDocument();
  });
});
