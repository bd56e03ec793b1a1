import type { Branding } from '@nimbus/contract';
import type { ReactNode } from 'react';
import { headingShown, pageRoute, renderRoutes, stubRoute, testBranding } from '../../test/render';

export { fail, mockApiInOrder as mockApi, ok } from '../../test/api';
export { testBranding };

interface RenderOptions {
  /** Where the page is mounted; its route id is this path, as in the app. */
  path?: string;
  /** The first URL, with any search. */
  url?: string;
  branding?: Branding;
}

/**
 * Renders an auth screen the way the app does (router, query cache with the brand, toasts, English
 * texts) with a stub dashboard to land on, and returns the query client for assertions.
 */
export function renderPage(page: ReactNode, { path = '/page', url = path, branding }: RenderOptions = {}) {
  return renderRoutes(
    url,
    (root) => [
      pageRoute(root, path, () => page),
      stubRoute(root, '/dashboard', 'Dashboard'),
      stubRoute(root, '/resetpasswordsuccess', 'Reset done'),
    ],
    { branding, ready: headingShown },
  );
}
