import { ok } from '../../test/api';

/** A customer without tickets, as the dashboard's ticket parts ask for them. */
export const noTickets = {
  'GET /api/tickets': ok({ tickets: [], totalCount: 0, totalPages: 0, pageSize: 5 }),
  'GET /api/tickets/status': ok({ statuses: [], activeCount: 0 }),
};
