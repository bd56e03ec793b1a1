import { onTestFinished, vi } from 'vitest';
import { testAppConfig } from './catalogue';

/**
 * What the fake server answers: a status and an envelope, or with `contentType` the body as it is
 * (a file the API sends without an envelope).
 */
export type Answer = { status: number; body: unknown; contentType?: string };

export const ok = (data: unknown = null): Answer => ({
  status: 200,
  body: { code: 'OKAY', detail: '', data },
});

/** An error envelope; its detail is `detail of CODE` unless given, so tests can tell it is shown. */
export const fail = (
  status: number,
  code: string,
  extra: Record<string, unknown> = {},
  detail = `detail of ${code}`,
): Answer => ({
  status,
  body: { code, detail, data: null, ...extra },
});

/** A file as the media service sends it: its bytes, not an envelope. */
export const fileAnswer = (content: string, contentType = 'application/octet-stream'): Answer => ({
  status: 200,
  body: content,
  contentType,
});

/** A request as the server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** JSON bodies parsed; anything else (an uploaded Blob) as it was sent. */
  body: unknown;
}

const respond = (answer: Answer) =>
  answer.contentType
    ? new Response(String(answer.body), {
        status: answer.status,
        headers: { 'content-type': answer.contentType },
      })
    : new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });

/** A function answers from the request; a promise holds the answer back until the test settles it. */
type ApiRoutes = Record<string, Answer | ((request: SeenRequest) => Answer | Promise<Answer>)>;

/**
 * What the real server always has, answered unless a test gives its own: the catalogue's app-config, and
 * no notifications (the top bar's bell asks on every signed-in page).
 */
const standingRoutes: ApiRoutes = {
  'GET /api/app-configs': ok(testAppConfig),
  'GET /api/notifications': ok({
    notifications: [],
    totalCount: 0,
    totalPages: 0,
    pageSize: 5,
    unreadCount: 0,
  }),
};

/**
 * Calls the fake server had no answer for, in the running test. The code under test reached an API
 * path the test did not mock: the test fails once it has run and cleaned up (the call itself got a 404
 * or a 500, which the code may well have swallowed), naming the calls, so no test passes on a quiet
 * error.
 */
let unanswered: string[] | null = null;
function unansweredCalls(): string[] {
  if (unanswered) return unanswered;
  const calls: string[] = [];
  unanswered = calls;
  onTestFinished(() => {
    unanswered = null;
    if (calls.length > 0) {
      throw new Error(`The test called API paths it did not mock:\n  ${[...new Set(calls)].join('\n  ')}`);
    }
  });
  return calls;
}

/**
 * Replaces fetch with answers by "METHOD /api/path"; any other call fails the test (`unansweredCalls`).
 * A function answers from the request, so a route can change its answer between calls (e.g. by page
 * cursor). A path the code must not call is simply left out.
 */
export function mockApi(routes: ApiRoutes) {
  const seen: SeenRequest[] = [];
  const answers = { ...standingRoutes, ...routes };
  const missed = unansweredCalls();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const request: SeenRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? undefined),
    };
    seen.push(request);
    const route = answers[`${method} ${url.pathname}`];
    if (!route) {
      missed.push(`${method} ${url.pathname}`);
      return respond(fail(404, 'NOT_FOUND'));
    }
    return respond(typeof route === 'function' ? await route(request) : route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    seen,
    calls: (method: string, path: string) => seen.filter((r) => r.method === method && r.path === path),
  };
}

/**
 * Replaces fetch with answers given one per call, in order; a call past the last answer gets a 500 and
 * fails the test. Returns the mock to inspect calls.
 */
export function mockApiInOrder(...answers: Answer[]) {
  const missed = unansweredCalls();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const answer = answers.shift();
    if (answer) return respond(answer);
    missed.push(`${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}`);
    return respond(fail(500, 'INTERNAL_ERROR', {}, 'x'));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
