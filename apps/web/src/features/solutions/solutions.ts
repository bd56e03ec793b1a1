import type { Application, Region } from '@nimbus/contract';

export type SolutionKey = 'vpnProxy' | 'forexVps';

export interface Solution {
  key: SolutionKey;
  /**
   * The catalogue's application tags that belong to the solution: the provider decides what is offered
   * by tagging applications in the catalogue file, not the panel (docs/decisions.md).
   */
  tags: readonly string[];
  /** Where its servers are created: ForexInstanceCreation opens the creation screen on forex images. */
  createPath: '/createinstance' | '/createinstance/forex';
  /** The application category the creation screen opens on (ForexInstanceCreation opens forex itself). */
  createSearch: { tag?: string };
}

export const solutions: Record<SolutionKey, Solution> = {
  vpnProxy: {
    key: 'vpnProxy',
    tags: ['vpn', 'proxy'],
    createPath: '/createinstance',
    createSearch: { tag: 'vpn' },
  },
  forexVps: { key: 'forexVps', tags: ['forex'], createPath: '/createinstance/forex', createSearch: {} },
};

/** The applications a solution offers: active ones carrying one of its tags, in the catalogue's order. */
export const applicationsOf = (solution: Solution, applications: readonly Application[]) =>
  applications.filter((app) => app.isActive && app.tags.some((tag) => solution.tags.includes(tag)));

/** The regions a new server can be placed in: listed and open. */
export const openRegions = (regions: readonly Region[]) =>
  regions.filter((region) => !region.isHidden && region.overallActiveness);
