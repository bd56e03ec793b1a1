import type { Attachment, Followup, Ticket } from '@nimbus/contract';
import { headingShown, pageRoute, renderRoutes, stubRoute } from '../../test/render';
import { SupportPage } from './list/SupportPage';
import { NewTicketPage } from './new/NewTicketPage';
import { readNewTicketSearch, readSupportSearch } from './search';
import { TicketPage } from './ticket/TicketPage';

export { fail, fileAnswer, mockApi, ok, type SeenRequest } from '../../test/api';
export { onSmallScreen, onWideScreen } from '../../test/screen-size';

/** Opens `url` among the support pages as the app declares them, with stubs for where they lead. */
export function renderSupport(url: string) {
  return renderRoutes(
    url,
    (root) => [
      pageRoute(root, '/support', SupportPage, readSupportSearch),
      pageRoute(root, '/support/new-ticket', NewTicketPage, readNewTicketSearch),
      pageRoute(root, '/support/$id', TicketPage),
      stubRoute(root, '/instances/$id/$tab', 'Instance page'),
      stubRoute(root, '/404', 'Not found page'),
    ],
    { ready: headingShown },
  );
}

/** Ticket `id`: a support question, open; override what the test is about. */
export const ticket = (id: number, overrides: Partial<Ticket> = {}): Ticket => ({
  id,
  title: `Question ${id}`,
  department: 'support',
  status: 'open',
  kind: 'ticket',
  relatedServiceId: null,
  relatedServiceHostname: null,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T12:00:00.000Z',
  ...overrides,
});

export const ticketList = (tickets: Ticket[], totalCount = tickets.length, pageSize = 25) => ({
  tickets,
  totalCount,
  totalPages: Math.ceil(totalCount / pageSize),
  pageSize,
});

export const attachment = (id: number, overrides: Partial<Attachment> = {}): Attachment => ({
  id,
  fileName: `file-${id}.txt`,
  contentType: 'text/plain',
  size: 1200,
  ...overrides,
});

/** A message of ticket 7: the customer's unless `author: 'staff'`. */
export const followup = (id: number, overrides: Partial<Followup> = {}): Followup => ({
  id,
  ticketId: 7,
  author: 'customer',
  authorName: null,
  message: `Message ${id}`,
  isLiked: null,
  attachments: [],
  createdAt: '2026-01-10T10:00:00.000Z',
  ...overrides,
});

/** A 201 answer, as the API gives for what it created. */
export const created = (data: unknown) => ({ status: 201, body: { code: 'OKAY', detail: '', data } });

/** A file as the picker hands it over. */
export const file = (name: string, type = 'text/plain', content = 'hello') =>
  new File([content], name, { type });

/** An answer the test releases when it wants, to see the page while the call is under way. */
export function held<T>() {
  let release: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
