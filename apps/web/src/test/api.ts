import { vi } from 'vitest';

/** What the fake server answers: a status and an envelope. */
export type Answer = { status: number; body: unknown };

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

/** A request as the server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

const respond = (answer: Answer) =>
  new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'content-type': 'application/json' },
  });

type ApiRoutes = Record<string, Answer | ((request: SeenRequest) => Answer)>;

/**
 * Replaces fetch with answers by "METHOD /api/path"; anything else is a 404. A function answers from
 * the request, so a route can change its answer between calls (e.g. by page cursor).
 */
export function mockApi(routes: ApiRoutes) {
  const seen: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const request: SeenRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    seen.push(request);
    const route = routes[`${method} ${url.pathname}`];
    return respond(typeof route === 'function' ? route(request) : (route ?? fail(404, 'NOT_FOUND')));
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    seen,
    calls: (method: string, path: string) => seen.filter((r) => r.method === method && r.path === path),
  };
}

/** Replaces fetch with answers given one per call, in order (then 500s); returns the mock to inspect calls. */
export function mockApiInOrder(...answers: Answer[]) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
    respond(answers.shift() ?? fail(500, 'INTERNAL_ERROR', {}, 'x')),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
