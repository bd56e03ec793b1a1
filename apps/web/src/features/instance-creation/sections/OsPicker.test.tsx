import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/api';
import { pageRoute, renderRoutes, stubRoute } from '../../../test/render';
import { InstanceCreationPage } from '../InstanceCreationPage';
import { appConfig, osList, product, region } from '../instance-creation-fixtures.test-helpers';

const version = (id: number, name: string, overrides = {}) => ({
  id,
  name,
  isActive: true,
  disabled: false,
  minRam: 512,
  withPanel: false,
  ...overrides,
});
// Versions come newest first, as the catalogue lists them; Debian's newest is switched off here.
const debian = {
  name: 'debian',
  displayName: 'Debian',
  icon: '',
  versions: [
    version(20, '13 Trixie', { disabled: true }),
    version(21, '12 Bookworm'),
    version(22, '11 Bullseye'),
  ],
};

async function renderPage() {
  const api = mockApi({
    'GET /api/regions': ok([region()]),
    'GET /api/products': ok([product(1)]),
    'GET /api/os': ok({ os: [...osList, debian] }),
    'GET /api/features': ok({}),
    'GET /api/app-configs': ok(appConfig),
    'GET /api/applications': ok({ applications: [], totalPages: 0, totalCount: 0, page: 1, pageSize: 500 }),
    'GET /api/applications/tags': ok([]),
    'GET /api/ssh-keys': ok({ sshKeys: [] }),
    'POST /api/instances': ok({ results: [] }),
  });
  await renderRoutes(
    '/createinstance',
    (root) => [
      pageRoute(root, '/createinstance', InstanceCreationPage),
      stubRoute(root, '/createinstance/pending', 'Pending'),
    ],
    { ready: () => screen.findByRole('heading', { level: 1, name: 'Create instance' }) },
  );
  await waitFor(() => expect(osCard('Ubuntu')).toHaveAttribute('aria-checked', 'true'), { timeout: 5000 });
  return api;
}

const osGroup = () => screen.getByRole('radiogroup', { name: 'Operating systems' });
const osCard = (name: string) => within(osGroup()).getByRole('radio', { name });
const versionMenu = (name: string) => screen.getByRole('combobox', { name: `${name} version` });

describe('OS cards', () => {
  it('a click anywhere on a card chooses that OS with its newest available version', async () => {
    await renderPage();
    expect(osCard('Debian')).toHaveAttribute('aria-checked', 'false');
    // The card itself, not its name: the padding around the version menu counts too.
    const card = osCard('Debian').closest('.MuiCard-root') as HTMLElement;
    fireEvent.click(card);
    expect(osCard('Debian')).toHaveAttribute('aria-checked', 'true');
    expect(osCard('Ubuntu')).toHaveAttribute('aria-checked', 'false');
    expect(versionMenu('Debian')).toHaveTextContent('12 Bookworm');
  });

  it('keeps the version menu working: another version stays chosen, and the card keeps it', async () => {
    await renderPage();
    fireEvent.mouseDown(versionMenu('Debian'));
    fireEvent.click(await screen.findByRole('option', { name: '11 Bullseye' }));
    expect(osCard('Debian')).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(versionMenu('Debian')).toHaveTextContent('11 Bullseye'));
    fireEvent.click(osCard('Debian'));
    expect(versionMenu('Debian')).toHaveTextContent('11 Bullseye');
  });

  it('names each card with a button, which Enter and Space press (the browser test presses them)', async () => {
    await renderPage();
    const debianCard = osCard('Debian');
    expect(debianCard.tagName).toBe('BUTTON');
    debianCard.focus();
    expect(debianCard).toHaveFocus();
    fireEvent.click(debianCard);
    expect(osCard('Debian')).toHaveAttribute('aria-checked', 'true');
  });
});
