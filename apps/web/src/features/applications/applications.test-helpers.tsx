import type { Application, ApplicationCategory } from '@nimbus/contract';
import { headingShown, pageRoute, renderRoutes, stubRoute } from '../../test/render';
import { ApplicationsPage } from './ApplicationsPage';
import { readApplicationsSearch } from './search';

export { fail, mockApi, ok, type SeenRequest } from '../../test/api';

/** Opens `url` on the applications page as the app declares it, with a stub where Deploy leads. */
export function renderApplications(url: string) {
  return renderRoutes(
    url,
    (root) => [
      pageRoute(root, '/applications', ApplicationsPage, readApplicationsSearch),
      stubRoute(root, '/createinstance', 'Instance creation'),
    ],
    { ready: headingShown },
  );
}

/** The URL's query as an object. */
export const searchOf = (router: { state: { location: { searchStr: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.searchStr));

/** Application `id` on Ubuntu, featured; override what the test is about. */
export const application = (id: number, overrides: Partial<Application> = {}): Application => ({
  id,
  name: `App ${id}`,
  description: `What app ${id} does.`,
  icon: `/catalogue/apps/app-${id}.svg`,
  isBeta: false,
  isActive: true,
  osFamily: 'ubuntu',
  osVersionId: 101,
  tags: ['featured'],
  summary: `<p>App ${id} is installed.</p>`,
  ocaFields: [],
  minRamInGB: 1,
  defaultRamInGB: 2,
  ...overrides,
});

export const applicationPage = (applications: Application[], totalCount = applications.length) => ({
  applications,
  totalCount,
  totalPages: Math.ceil(totalCount / 12),
  page: 1,
  pageSize: 12,
});

export const categories: ApplicationCategory[] = [
  { name: 'Featured', tag: 'featured', icon: '/catalogue/tags/featured.svg', isSelected: true },
  { name: 'Web & CMS', tag: 'web', icon: '/catalogue/tags/web.svg', isSelected: false },
  { name: 'VPN', tag: 'vpn', icon: '/catalogue/tags/vpn.svg', isSelected: false },
];
