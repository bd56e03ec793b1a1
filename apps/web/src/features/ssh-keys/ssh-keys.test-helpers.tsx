import type { SshKey } from '@nimbus/contract';
import { screen } from '@testing-library/react';
import { pageRoute, renderRoutes } from '../../test/render';
import { SshKeysPage } from './SshKeysPage';

export { fail, mockApi, ok } from '../../test/api';
export { onWideScreen as setWideScreen } from '../../test/screen-size';

/** A well-formed Ed25519 public key (32 bytes of `fill`), as `ssh-keygen` writes it. */
export function ed25519Key(fill = 7, comment = 'ada@laptop'): string {
  const field = (bytes: number[]) => [0, 0, 0, bytes.length, ...bytes];
  const type = Array.from('ssh-ed25519', (c) => c.charCodeAt(0));
  const blob = btoa(String.fromCharCode(...field(type), ...field(new Array(32).fill(fill))));
  return `ssh-ed25519 ${blob} ${comment}`;
}

let id = 0;
export function sshKey(overrides: Partial<SshKey> = {}): SshKey {
  id += 1;
  return {
    id,
    customerId: 42,
    name: `key-${id}`,
    publicKey: ed25519Key(id % 250),
    type: 'ssh-ed25519',
    bits: 256,
    fingerprint: `SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj${String(id).padStart(6, '0')}`,
    createdAt: '2026-01-10T12:00:00.000Z',
    ...overrides,
  };
}

/** Opens `url` on the SSH keys page as the app mounts it (no search schema), with English texts and toasts. */
export function renderSshKeys(url = '/sshkeys') {
  return renderRoutes(url, (root) => [pageRoute(root, '/sshkeys', SshKeysPage)], {
    ready: () => screen.findByRole('heading', { level: 1, name: 'SSH Keys' }),
  });
}

/** The page number in the URL, or null on the first page. */
export const pageInUrl = (router: { state: { location: { searchStr: string } } }) =>
  new URLSearchParams(router.state.location.searchStr).get('page');
