import type { AnyRoute } from '@tanstack/react-router';
import { page, redirectRoute, signedIn } from './route-builders';

/** Solutions (platform.md §2): VPN and Proxy, Forex VPS; the catalogue's tags say what each offers. */
export const solutionRoutes: AnyRoute[] = [
  redirectRoute('/solutions', '/solutions/vpn-proxy'),
  page(
    '/solutions/vpn-proxy',
    signedIn('nav.vpnProxy'),
    () => import('../features/solutions/SolutionPage'),
    'VpnProxyPage',
  ),
  page(
    '/solutions/forex-vps',
    signedIn('nav.forexVps'),
    () => import('../features/solutions/SolutionPage'),
    'ForexVpsPage',
  ),
];
