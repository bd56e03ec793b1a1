import type { Application } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { region } from '../instance-creation/instance-creation-fixtures.test-helpers';
import { applicationsOf, openRegions, solutions } from './solutions';

const app = (id: number, tags: string[], isActive = true) => ({ id, tags, isActive }) as Application;

describe('what a solution offers', () => {
  const catalogue = [
    app(1, ['featured', 'web']),
    app(9, ['vpn', 'security']),
    app(10, ['proxy']),
    app(11, ['featured', 'forex']),
    app(12, ['forex'], false),
  ];

  it('VPN and Proxy: the applications tagged vpn or proxy', () => {
    expect(applicationsOf(solutions.vpnProxy, catalogue).map((a) => a.id)).toEqual([9, 10]);
  });

  it('Forex VPS: the applications tagged forex that are still offered', () => {
    expect(applicationsOf(solutions.forexVps, catalogue).map((a) => a.id)).toEqual([11]);
  });

  it('creates forex servers on ForexInstanceCreation, the others on the creation screen', () => {
    expect(solutions.forexVps.createPath).toBe('/createinstance/forex');
    expect(solutions.vpnProxy.createPath).toBe('/createinstance');
  });

  it('lists only the regions open to new servers', () => {
    const regions = [
      region({ id: 1 }),
      region({ id: 5, isHidden: true }),
      region({ id: 6, overallActiveness: false }),
    ];
    expect(openRegions(regions).map((r) => r.id)).toEqual([1]);
  });
});
