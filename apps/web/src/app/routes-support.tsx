import { createRoute } from '@tanstack/react-router';
import { readNewTicketSearch, readSupportSearch } from '../features/support/search';
import { digitsOnly, guard } from './guard';
import { lazyPage, rootRoute } from './route-builders';

/** Support (platform.md §2): the tickets (route Support), a new one (NewTicket), one ticket (TicketFollowup). */
const supportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/support',
  staticData: { auth: 'required', layout: 'Default', title: 'areas.support' },
  validateSearch: readSupportSearch,
  beforeLoad: guard('required'),
  component: lazyPage(() => import('../features/support/list/SupportPage'), 'SupportPage'),
});
const newTicketRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/support/new-ticket',
  staticData: { auth: 'required', layout: 'Default', title: 'areas.support' },
  validateSearch: readNewTicketSearch,
  beforeLoad: guard('required'),
  component: lazyPage(() => import('../features/support/new/NewTicketPage'), 'NewTicketPage'),
});
const ticketRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/support/$id',
  staticData: { auth: 'required', layout: 'Ticket', title: 'areas.support' },
  beforeLoad: (ctx) => {
    guard('required')(ctx);
    digitsOnly(ctx.params);
  },
  component: lazyPage(() => import('../features/support/ticket/TicketPage'), 'TicketPage'),
});

// A tuple, not AnyRoute[]: the route tree keeps each route's path and search types.
export const supportRoutes = [supportRoute, newTicketRoute, ticketRoute] as const;
