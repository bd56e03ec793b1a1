import { previewKey } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, pageInUrl, renderSshKeys, setWideScreen, sshKey } from './ssh-keys.test-helpers';

const newestFirst = (count: number) => Array.from({ length: count }, () => sshKey()).reverse();

describe('SshKeysPage on large screens', () => {
  it('shows each key’s name, preview, type, fingerprint and date in a table', async () => {
    setWideScreen();
    const key = sshKey({ name: 'Work laptop' });
    mockApi({ 'GET /api/ssh-keys': ok({ sshKeys: [key] }) });
    await renderSshKeys();

    const table = await screen.findByRole('table', { name: 'SSH keys' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Work laptop');
    const preview = within(row).getByText(previewKey(key.publicKey));
    expect(preview.tagName).toBe('BDI');
    expect(preview).toHaveAttribute('dir', 'ltr');
    expect(previewKey(key.publicKey)).toMatch(/^ssh-ed25519 AAAAC3NzaC1lZDI1NT…/);
    expect(row).toHaveTextContent('ED25519 · 256 bits');
    // Shortened on screen, whole for screen readers.
    expect(within(row).getByText(key.fingerprint)).toBeInTheDocument();
    expect(within(row).getByText(/^SHA256:uNiVz…/)).toHaveAttribute('aria-hidden', 'true');
    expect(row).toHaveTextContent('January 10, 2026');
    expect(within(row).getByRole('button', { name: 'Delete SSH key “Work laptop”' })).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'Copy the public key of “Work laptop”' }),
    ).toBeInTheDocument();
  });

  it('shows 10 keys a page and keeps the page in the URL', async () => {
    setWideScreen();
    const keys = newestFirst(11);
    mockApi({ 'GET /api/ssh-keys': ok({ sshKeys: keys }) });
    const { router } = await renderSshKeys();

    const table = await screen.findByRole('table', { name: 'SSH keys' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(table).toHaveTextContent(keys[0]!.name);
    const pages = screen.getByRole('navigation', { name: 'SSH key pages' });
    fireEvent.click(within(pages).getByRole('button', { name: 'Go to page 2' }));

    await waitFor(() => expect(pageInUrl(router)).toBe('2'));
    const second = await screen.findByRole('table', { name: 'SSH keys' });
    await waitFor(() => expect(within(second).getAllByRole('row')).toHaveLength(2));
    expect(second).toHaveTextContent(keys[10]!.name);
    expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens on the page of the URL, and on the last page when the URL is past the end', async () => {
    setWideScreen();
    const keys = newestFirst(11);
    mockApi({ 'GET /api/ssh-keys': ok({ sshKeys: keys }) });
    await renderSshKeys('/sshkeys?page=5');
    const table = await screen.findByRole('table', { name: 'SSH keys' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(table).toHaveTextContent(keys[10]!.name);
  });
});

describe('SshKeysPage on small screens', () => {
  it('shows a card per key with the whole fingerprint', async () => {
    const key = sshKey({ name: 'Phone' });
    mockApi({ 'GET /api/ssh-keys': ok({ sshKeys: [key] }) });
    await renderSshKeys();
    const list = await screen.findByRole('list', { name: 'SSH keys' });
    const card = within(list).getByRole('listitem');
    expect(within(card).getByRole('heading', { name: 'Phone' })).toBeInTheDocument();
    expect(within(card).getByText(previewKey(key.publicKey))).toBeInTheDocument();
    expect(within(card).getByText(key.fingerprint)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('SshKeysPage states', () => {
  it('explains SSH keys and offers to add one when there are none', async () => {
    mockApi({ 'GET /api/ssh-keys': ok({ sshKeys: [] }) });
    await renderSshKeys();
    expect(await screen.findByText('No SSH keys yet')).toBeInTheDocument();
    expect(screen.getByText(/sign in to your servers securely without a password/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add SSH key' })).toHaveLength(2);
  });

  it('offers to try again when the list fails to load', async () => {
    let failing = true;
    const api = mockApi({
      'GET /api/ssh-keys': () =>
        failing ? fail(500, 'INTERNAL_ERROR') : ok({ sshKeys: [sshKey({ name: 'Back' })] }),
    });
    await renderSshKeys();
    expect(await screen.findByText('We could not load your SSH keys.')).toBeInTheDocument();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back')).toBeInTheDocument();
    expect(api.calls('GET', '/api/ssh-keys')).toHaveLength(2);
  });
});

describe('SshKeysPage actions', () => {
  it('copies the whole public key and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const key = sshKey({ name: 'Desk' });
    mockApi({ 'GET /api/ssh-keys': ok({ sshKeys: [key] }) });
    await renderSshKeys();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy the public key of “Desk”' }));
    expect(await screen.findByText('Public key copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(key.publicKey);
  });

  it('deletes after a confirmation naming the key, cut at 30 characters', async () => {
    const long = sshKey({ name: 'A very long key name for the build server' });
    let keys = [long, sshKey({ name: 'Short' })];
    const api = mockApi({
      'GET /api/ssh-keys': () => ok({ sshKeys: keys }),
      [`DELETE /api/ssh-keys/${long.id}`]: () => {
        keys = keys.filter((k) => k.id !== long.id);
        return ok();
      },
    });
    await renderSshKeys();
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Delete SSH key “A very long key name for the build server”',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete SSH key?' });
    expect(dialog).toHaveTextContent(
      'The key “A very long key name for the b…” will be removed from your account.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete key' }));

    expect(await screen.findByText('SSH key deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('heading', { name: long.name })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Short' })).toBeInTheDocument();
    expect(api.calls('DELETE', `/api/ssh-keys/${long.id}`)).toHaveLength(1);
    expect(api.calls('GET', '/api/ssh-keys')).toHaveLength(2);
  });

  it('says why a delete failed, and refreshes the list', async () => {
    const key = sshKey({ name: 'Gone' });
    const api = mockApi({
      'GET /api/ssh-keys': ok({ sshKeys: [key] }),
      [`DELETE /api/ssh-keys/${key.id}`]: {
        status: 404,
        body: { code: 'NOT_FOUND', detail: 'This SSH key does not exist.', data: null },
      },
    });
    await renderSshKeys();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete SSH key “Gone”' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete key' }));
    expect(
      await screen.findByText('The SSH key could not be deleted: This SSH key does not exist.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET', '/api/ssh-keys')).toHaveLength(2));
  });
});
