import type { Iso } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../test/api';
import { pageRoute, renderRoutes, stubRoute } from '../../test/render';
import { testUser } from '../account/account.test-helpers';
import { region } from '../instance-creation/instance-creation-fixtures.test-helpers';
import { CustomIsoPage } from './CustomIsoPage';

const GB = 1024 ** 3;
const iso = (overrides: Partial<Iso> = {}): Iso => ({
  id: 3,
  name: 'Arch Linux',
  url: 'https://mirror.example/arch.iso',
  regionId: 1,
  useVirtio: true,
  size: 2 * GB,
  downloadedBytes: 2 * GB,
  status: 'READY',
  createdAt: '2026-11-26T10:00:00.000Z',
  expiresAt: '2026-11-28T10:05:00.000Z',
  isInvalidIso: false,
  failure: null,
  ...overrides,
});
const reads = (isos: () => Iso[]) => ({
  'GET /api/iso': () => ok({ items: isos() }),
  'GET /api/auth/user-info': ok(testUser),
  'GET /api/regions': ok([region({ id: 1, name: 'Frankfurt' })]),
});

const render = () =>
  renderRoutes('/services/customIso', (root) => [
    pageRoute(root, '/services/customIso', CustomIsoPage),
    stubRoute(root, '/services/$tab', 'Services tab'),
    stubRoute(root, '/instances/$id/$tab', 'Instance page'),
    stubRoute(root, '/createinstance', 'Creation'),
  ]);
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe('Services > Custom ISO', () => {
  it('imports an ISO from the empty state, checking the form as the server does', async () => {
    let isos: Iso[] = [];
    const api = mockApi({
      ...reads(() => isos),
      'POST /api/iso': ({ body }) => {
        isos = [iso({ ...(body as object), status: 'DOWNLOADING', downloadedBytes: 0, expiresAt: null })];
        return { status: 201, body: { code: 'OKAY', detail: '', data: isos[0] } };
      },
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Import ISO' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a custom ISO' });
    const url = within(dialog).getByRole('textbox', { name: 'ISO address (https)' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    const submit = within(dialog).getByRole('button', { name: 'Import' });
    expect(within(dialog).getByRole('checkbox', { name: /Use VirtIO drivers/ })).toBeChecked();

    type(url, 'http://mirror.example/arch.iso');
    type(name, 'آرچ');
    expect(await within(dialog).findByText(/Enter an https address of an .iso file/)).toBeInTheDocument();
    expect(within(dialog).getByText('Use English letters, digits and punctuation only.')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    type(url, 'https://mirror.example/arch.iso');
    type(name, 'Arch Linux');
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await screen.findByText(/Importing Arch Linux/)).toBeInTheDocument();
    expect(api.calls('POST', '/api/iso')[0]!.body).toEqual({
      name: 'Arch Linux',
      url: 'https://mirror.example/arch.iso',
      regionId: 1,
      useVirtio: true,
    });
    expect(await screen.findByText(/0% — 0\.00 of 2\.00 GB/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress of Arch Linux' })).toBeInTheDocument();
  });

  it('puts the server’s refusal of the address on its field', async () => {
    mockApi({
      ...reads(() => []),
      'POST /api/iso': fail(400, 'ISO_TOO_LARGE'),
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Import ISO' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a custom ISO' });
    type(within(dialog).getByRole('textbox', { name: 'ISO address (https)' }), 'https://a.example/big.iso');
    type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Big');
    const submit = within(dialog).getByRole('button', { name: 'Import' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await within(dialog).findByText('The file is larger than 10 GB.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows a ready ISO with its removal time, deploys from it and detaches it from an instance', async () => {
    const api = mockApi({
      ...reads(() => [iso()]),
      'GET /api/iso/3/instances': ok({
        instances: [{ id: 9, hostname: 'installer-1', status: 'active', mainIp: '203.0.113.9' }],
      }),
      'POST /api/instances/9/eject-iso': ok(null),
    });
    await render();
    const card = await screen.findByRole('region', { name: 'Arch Linux' }, { timeout: 5000 });
    expect(within(card).getByText('Uploaded')).toBeInTheDocument();
    expect(within(card).getByText(/The ISO is removed on/)).toBeInTheDocument();
    expect(within(card).getByText('2.00 GB')).toBeInTheDocument();
    expect(await within(card).findByText('Frankfurt')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Deploy an instance from this ISO' })).toHaveAttribute(
      'href',
      '/createinstance?isoId=3&region=1',
    );
    expect(await within(card).findByRole('link', { name: /installer-1/ })).toHaveAttribute(
      'href',
      '/instances/9/access',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Detach the ISO from installer-1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Detach the ISO from installer-1?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Detach' }));
    expect(
      await screen.findByText('The ISO was detached from installer-1, which is rebooting.'),
    ).toBeInTheDocument();
    expect(api.calls('POST', '/api/instances/9/eject-iso')).toHaveLength(1);
  });

  it('offers to replace the one ISO a customer may keep, and explains a failed import', async () => {
    let isos = [iso({ status: 'FAILED', failure: 'invalid-file', isInvalidIso: true, expiresAt: null })];
    const api = mockApi({
      ...reads(() => isos),
      'DELETE /api/iso/3': () => {
        isos = [];
        return ok(null);
      },
    });
    await render();
    expect(
      await screen.findByText(
        'The upload failed: the address does not lead to a valid ISO image.',
        undefined,
        {
          timeout: 5000,
        },
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Import ISO' }));
    const replace = await screen.findByRole('dialog', { name: 'Replace Arch Linux?' });
    fireEvent.click(within(replace).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Import a custom ISO' })).toBeInTheDocument();
    expect(api.calls('DELETE', '/api/iso/3')).toHaveLength(1);
  });

  it('says when the ISO cannot be loaded', async () => {
    mockApi({ ...reads(() => []), 'GET /api/iso': fail(500, 'INTERNAL_ERROR') });
    await render();
    expect(
      await screen.findByText('We could not load your custom ISO.', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
