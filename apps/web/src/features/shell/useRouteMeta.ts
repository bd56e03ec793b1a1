import { type StaticDataRouteOption, useMatches } from '@tanstack/react-router';

const NONE: StaticDataRouteOption = {};

/** Layout, title and footer flag of the deepest matched route (see app/route-meta.ts). */
export function useRouteMeta(): StaticDataRouteOption {
  return useMatches({ select: (matches) => matches.at(-1)?.staticData ?? NONE });
}
