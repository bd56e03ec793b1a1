import type { Application } from '@nimbus/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../test/api';
import { pageRoute, renderRoutes, stubRoute } from '../../test/render';
import { region } from '../instance-creation/instance-creation-fixtures.test-helpers';
import { ForexVpsPage, VpnProxyPage } from './SolutionPage';

const app = (
  id: number,
  name: string,
  tags: string[],
  overrides: Partial<Application> = {},
): Application => ({
  id,
  name,
  description: `${name} set up for you.`,
  icon: '',
  isBeta: false,
  isActive: true,
  osFamily: 'ubuntu',
  osVersionId: 101,
  tags,
  summary: '',
  ocaFields: [],
  minRamInGB: 1,
  defaultRamInGB: 2,
  ...overrides,
});

const catalogue = [
  app(2, 'Docker', ['featured', 'devops']),
  app(9, 'WireGuard VPN', ['vpn', 'security']),
  app(10, 'Squid Proxy', ['proxy'], { isBeta: true }),
  app(11, 'MetaTrader 4', ['featured', 'forex'], { osFamily: 'windows', osVersionId: 162 }),
];

const regions = [
  region({ id: 1, name: 'Frankfurt' }),
  region({ id: 4, name: 'Singapore' }),
  region({ id: 5, name: 'Tokyo', isHidden: true }),
];

const applicationsAnswer = (applications: Application[]) =>
  ok({ applications, totalPages: 1, totalCount: applications.length });

function renderSolution(path: '/solutions/vpn-proxy' | '/solutions/forex-vps') {
  return renderRoutes(
    path,
    (root) => [
      pageRoute(root, '/solutions/vpn-proxy', VpnProxyPage),
      pageRoute(root, '/solutions/forex-vps', ForexVpsPage),
      stubRoute(root, '/createinstance', 'Instance creation'),
      stubRoute(root, '/createinstance/forex', 'Forex instance creation'),
    ],
    { ready: () => screen.findByRole('heading', { level: 1 }) },
  );
}

const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('VPN and Proxy', () => {
  it('offers the catalogue’s VPN and proxy applications, each deployed on the creation screen', async () => {
    mockApi({ 'GET /api/applications': applicationsAnswer(catalogue), 'GET /api/regions': ok(regions) });
    await renderSolution('/solutions/vpn-proxy');

    expect(screen.getByRole('heading', { level: 1, name: 'VPN and Proxy' })).toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'Ready to deploy' });
    expect(within(list).getByRole('heading', { name: 'WireGuard VPN' })).toBeInTheDocument();
    expect(within(list).getByRole('heading', { name: 'Squid Proxy' })).toBeInTheDocument();
    expect(within(list).getByText('Beta')).toBeInTheDocument();
    expect(within(list).queryByText('Docker')).not.toBeInTheDocument();
    expect(within(list).queryByText('MetaTrader 4')).not.toBeInTheDocument();
    // The creation screen opens with the application chosen, on the VPN category.
    expect(hrefOf('Deploy WireGuard VPN')).toBe('/createinstance?tag=vpn&appId=9');
    expect(hrefOf('Create a VPN server')).toBe('/createinstance?tag=vpn');
  });

  it('lists the regions a server can be placed in, not the hidden ones', async () => {
    mockApi({ 'GET /api/applications': applicationsAnswer(catalogue), 'GET /api/regions': ok(regions) });
    await renderSolution('/solutions/vpn-proxy');
    const where = await screen.findByRole('region', { name: 'Regions' });
    expect(await within(where).findByText('Frankfurt')).toBeInTheDocument();
    expect(within(where).getByText('Singapore')).toBeInTheDocument();
    expect(within(where).queryByText('Tokyo')).not.toBeInTheDocument();
  });

  it('says when the catalogue offers none, and leads to a plain server', async () => {
    mockApi({
      'GET /api/applications': applicationsAnswer([catalogue[0]!]),
      'GET /api/regions': ok(regions),
    });
    await renderSolution('/solutions/vpn-proxy');
    expect(
      await screen.findByText('No VPN or proxy applications are offered at the moment.'),
    ).toBeInTheDocument();
    expect(hrefOf('Create a server')).toBe('/createinstance');
  });

  it('shows the error with a retry when the applications cannot be read', async () => {
    let calls = 0;
    mockApi({
      'GET /api/applications': () => {
        calls += 1;
        return calls === 1 ? fail(500, 'INTERNAL_ERROR') : applicationsAnswer(catalogue);
      },
      'GET /api/regions': ok(regions),
    });
    await renderSolution('/solutions/vpn-proxy');
    fireEvent.click(await screen.findByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('heading', { name: 'WireGuard VPN' })).toBeInTheDocument();
  });
});

describe('Forex VPS', () => {
  it('offers the trading platforms, deployed on ForexInstanceCreation', async () => {
    mockApi({ 'GET /api/applications': applicationsAnswer(catalogue), 'GET /api/regions': ok(regions) });
    await renderSolution('/solutions/forex-vps');

    expect(screen.getByRole('heading', { level: 1, name: 'Forex VPS' })).toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'Trading platforms' });
    expect(within(list).getByRole('heading', { name: 'MetaTrader 4' })).toBeInTheDocument();
    expect(within(list).queryByText('WireGuard VPN')).not.toBeInTheDocument();
    expect(hrefOf('Deploy MetaTrader 4')).toBe('/createinstance/forex?appId=11');
    expect(hrefOf('Create a Forex VPS')).toBe('/createinstance/forex');
  });
});
