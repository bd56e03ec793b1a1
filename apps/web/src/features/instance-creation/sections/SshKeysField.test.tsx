import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../../api/tokens';
import { ed25519Key, sshKey } from '../../ssh-keys/ssh-keys.test-helpers';
import { catalogueApi, fail, ok, renderCreationPage } from '../instance-creation.test-helpers';

const field = () => screen.getByRole('group', { name: 'SSH keys' });
const created = { hostname: 'ubuntu-s-1-fra-1', code: 'CREATED', detail: '', instanceId: 5, password: null };

afterEach(() => {
  tokenStore.clear();
  localStorage.clear();
});

describe('SSH keys of a new instance', () => {
  it('lists every key with its fingerprint and sends the ones checked', async () => {
    tokenStore.set({ accessToken: 'a', refreshToken: 'r' });
    const laptop = sshKey({ id: 3, name: 'Laptop', fingerprint: 'SHA256:laptopFingerprint' });
    const ci = sshKey({ id: 4, name: 'CI runner', fingerprint: 'SHA256:ciFingerprint' });
    const api = catalogueApi({
      'GET /api/ssh-keys': ok({ sshKeys: [laptop, ci] }),
      'POST /api/instances': ok({ results: [created] }),
    });
    await renderCreationPage();
    const box = await within(field()).findByRole('checkbox', { name: /Laptop/ });
    expect(within(field()).getByText('SHA256:laptopFingerprint')).toBeInTheDocument();
    fireEvent.click(box);
    fireEvent.click(within(field()).getByRole('checkbox', { name: /CI runner/ }));
    fireEvent.click(box);
    expect(box).not.toBeChecked();

    fireEvent.click(screen.getByRole('button', { name: /Create instance/ }));
    await screen.findByRole('heading', { name: 'Pending' });
    expect(api.calls('POST', '/api/instances')[0]?.body).toMatchObject({ sshKeyIds: [4] });
  });

  it('says when there are none, and checks a key added from the field at once', async () => {
    tokenStore.set({ accessToken: 'a', refreshToken: 'r' });
    let keys: ReturnType<typeof sshKey>[] = [];
    catalogueApi({
      'GET /api/ssh-keys': () => ok({ sshKeys: keys }),
      'POST /api/ssh-keys': ({ body }) => {
        const added = sshKey({ ...(body as { name: string; publicKey: string }), id: 9 });
        keys = [added];
        return { status: 201, body: { code: 'OKAY', detail: '', data: added } };
      },
    });
    await renderCreationPage();
    expect(await within(field()).findByText('No SSH keys yet')).toBeInTheDocument();

    fireEvent.click(within(field()).getByRole('button', { name: 'Add SSH key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add SSH key' });
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Name' }), {
      target: { value: 'Desktop' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Public key' }), {
      target: { value: ed25519Key() },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(field()).findByRole('checkbox', { name: /Desktop/ })).toBeChecked();
  });

  it('says the keys could not be loaded and loads them again on request', async () => {
    tokenStore.set({ accessToken: 'a', refreshToken: 'r' });
    let failing = true;
    catalogueApi({
      'GET /api/ssh-keys': () =>
        failing ? fail(500, 'INTERNAL_ERROR', {}, 'x') : ok({ sshKeys: [sshKey({ name: 'Laptop' })] }),
    });
    await renderCreationPage();
    expect(
      await within(field()).findByText('Your SSH keys could not be loaded.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    failing = false;
    fireEvent.click(within(field()).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(within(field()).getByRole('checkbox', { name: /Laptop/ })).toBeInTheDocument(),
    );
  });
});
