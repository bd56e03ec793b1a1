import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ed25519Key, fail, mockApi, ok, renderSshKeys, sshKey } from '../ssh-keys.test-helpers';

async function openDialog() {
  fireEvent.click((await screen.findAllByRole('button', { name: 'Add SSH key' }))[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Add SSH key' });
  // The form's code comes with the first opening.
  const name = await within(dialog).findByRole('textbox', { name: 'Name' });
  return {
    dialog,
    name,
    key: within(dialog).getByRole('textbox', { name: 'Public key' }),
    submit: within(dialog).getByRole('button', { name: 'Add key' }),
  };
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe('AddSshKeyDialog', () => {
  it('checks the name and the key before sending anything', async () => {
    const api = mockApi({ 'GET /api/ssh-keys': ok({ sshKeys: [] }) });
    await renderSshKeys();
    const { dialog, name, key, submit } = await openDialog();
    expect(name).toHaveFocus();
    expect(key).toHaveAttribute('placeholder', 'ssh-ed25519 AAAA… you@laptop');
    expect(dialog).toHaveTextContent('~/.ssh/id_ed25519.pub');
    expect(dialog).toHaveTextContent('0/255');

    fireEvent.click(submit);
    expect(await within(dialog).findByText('Enter a name for the key.')).toBeInTheDocument();
    expect(within(dialog).getByText('Paste the public key.')).toBeInTheDocument();

    type(key, 'not a key at all');
    expect(await within(dialog).findByText(/This is not an OpenSSH public key/)).toBeInTheDocument();
    type(key, 'ssh-dss AAAAB3NzaC1kc3MAAACBAP');
    expect(await within(dialog).findByText('Use an Ed25519, ECDSA or RSA key.')).toBeInTheDocument();
    type(name, 'x'.repeat(256));
    expect(await within(dialog).findByText('The name must be at most 255 characters.')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('256/255');
    expect(api.calls('POST', '/api/ssh-keys')).toHaveLength(0);
  });

  it('adds the key, says so, closes and refreshes the list', async () => {
    let keys: ReturnType<typeof sshKey>[] = [];
    const api = mockApi({
      'GET /api/ssh-keys': () => ok({ sshKeys: keys }),
      'POST /api/ssh-keys': ({ body }) => {
        const added = sshKey(body as { name: string; publicKey: string });
        keys = [added];
        return { status: 201, body: { code: 'OKAY', detail: '', data: added } };
      },
    });
    await renderSshKeys();
    const { name, key, submit } = await openDialog();
    type(name, '  Work laptop ');
    type(key, `${ed25519Key()}\n`);
    fireEvent.click(submit);

    expect(await screen.findByText('SSH key “Work laptop” added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'Work laptop' })).toBeInTheDocument();
    expect(api.calls('POST', '/api/ssh-keys')[0]!.body).toEqual({
      name: 'Work laptop',
      publicKey: ed25519Key(),
    });
    expect(api.calls('GET', '/api/ssh-keys')).toHaveLength(2);
  });

  it('shows a taken name on the name field and a saved key on the key field', async () => {
    let answer = fail(409, 'SSH_KEY_NAME_EXISTS');
    mockApi({
      'GET /api/ssh-keys': ok({ sshKeys: [] }),
      'POST /api/ssh-keys': () => answer,
    });
    await renderSshKeys();
    const { dialog, name, key, submit } = await openDialog();
    type(name, 'Laptop');
    type(key, ed25519Key());
    fireEvent.click(submit);
    expect(await within(dialog).findByText('You already have a key with this name.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();

    answer = {
      status: 409,
      body: { code: 'SSH_KEY_EXISTS', detail: 'This key is already saved as “Desk”.', data: null },
    };
    type(name, 'Laptop 2');
    fireEvent.click(submit);
    expect(await within(dialog).findByText('This key is already saved as “Desk”.')).toBeInTheDocument();
    expect(key).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAttribute('aria-invalid', 'false');
  });

  it('puts validation issues of the server on their fields', async () => {
    mockApi({
      'GET /api/ssh-keys': ok({ sshKeys: [] }),
      'POST /api/ssh-keys': fail(400, 'VALIDATION_ERROR', {
        issues: [{ path: 'publicKey', message: 'validation.sshKey.rsaTooShort' }],
      }),
    });
    await renderSshKeys();
    const { dialog, name, key, submit } = await openDialog();
    type(name, 'Old');
    type(key, ed25519Key());
    fireEvent.click(submit);
    expect(await within(dialog).findByText('RSA keys need at least 2048 bits.')).toBeInTheDocument();
    expect(key).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows any other failure inside the dialog in the server’s words', async () => {
    mockApi({
      'GET /api/ssh-keys': ok({ sshKeys: [] }),
      'POST /api/ssh-keys': {
        status: 503,
        body: { code: 'UNAVAILABLE', detail: 'Keys cannot be added right now.', data: null },
      },
    });
    await renderSshKeys();
    const { dialog, name, key, submit } = await openDialog();
    type(name, 'Laptop');
    type(key, ed25519Key());
    fireEvent.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Keys cannot be added right now.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
