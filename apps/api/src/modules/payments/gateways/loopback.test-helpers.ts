import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CheckoutInput } from './gateway';

/**
 * A stand-in gateway API for adapter tests: a node:http server on 127.0.0.1 that records every
 * request and answers with scripted replies.
 */

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface ScriptedReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Reply = ScriptedReply | ((request: RecordedRequest) => ScriptedReply);

export interface Loopback {
  /** http://127.0.0.1:PORT */
  url: string;
  requests: RecordedRequest[];
  /** Queues replies for METHOD path; they are used in order and the last one repeats. */
  reply(method: string, path: string, ...replies: Reply[]): void;
  /** The requests made to METHOD path. */
  requestsTo(method: string, path: string): RecordedRequest[];
  /** Forgets requests and replies. */
  reset(): void;
  close(): Promise<void>;
}

export async function startLoopback(): Promise<Loopback> {
  const requests: RecordedRequest[] = [];
  const scripts = new Map<string, Reply[]>();
  const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://loopback');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const queue = scripts.get(key(recorded.method, recorded.path));
      const next = queue && (queue.length > 1 ? queue.shift() : queue[0]);
      const reply = typeof next === 'function' ? next(recorded) : next;
      const status = reply?.status ?? (reply ? 200 : 404);
      const body = reply
        ? (reply.body ?? {})
        : { error: `No reply scripted for ${recorded.method} ${recorded.path}` };
      res.writeHead(status, { 'Content-Type': 'application/json', ...reply?.headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply(method, path, ...replies) {
      scripts.set(key(method, path), [...(scripts.get(key(method, path)) ?? []), ...replies]);
    },
    requestsTo: (method, path) => requests.filter((r) => key(r.method, r.path) === key(method, path)),
    reset() {
      requests.length = 0;
      scripts.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** The JSON body of a recorded request. */
export const jsonOf = (request: RecordedRequest | undefined): unknown => JSON.parse(request?.body ?? 'null');

/** The form body of a recorded request (Stripe sends `a[b][0]=c`). */
export const formOf = (request: RecordedRequest | undefined) => new URLSearchParams(request?.body ?? '');

/** A top-up checkout of $61.80 for payment 42, to vary per test. */
export function checkoutInput(overrides: Partial<CheckoutInput> = {}): CheckoutInput {
  return {
    paymentId: 42,
    mode: 'payment',
    price: 61_800_000,
    currency: 'USD',
    description: 'Nimbus credit top-up',
    customer: { id: 7, email: 'ada@example.com', fullname: 'Ada Lovelace', externalCustomerId: null },
    saveCard: false,
    returnUrls: {
      success: 'https://panel.example.com/payments/result/success',
      cancel: 'https://panel.example.com/payments/result/cancel',
      pending: 'https://panel.example.com/payments/result/pending',
    },
    webhookUrl: 'https://panel.example.com/api/payments/webhooks/test',
    ...overrides,
  };
}
