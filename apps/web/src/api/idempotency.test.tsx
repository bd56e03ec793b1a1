import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ORDER_INTENT_KEY, useCreateInstances } from '../features/instance-creation/queries';
import { ApiError } from './client';
import { idempotentIntent } from './idempotency';

type Reply = { status: number; body: unknown } | 'network-error';

const okay = (data: unknown): Reply => ({ status: 200, body: { code: 'OKAY', detail: '', data } });
const refused = (status: number, code: string): Reply => ({
  status,
  body: { code, detail: code, data: null },
});

/** A fetch answering `replies` in order, keeping each request's Idempotency-Key; `hold` delays answers. */
function fakeFetch(...replies: Reply[]) {
  const keys: (string | undefined)[] = [];
  let release: () => void = () => {};
  let held: Promise<void> | null = null;
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    keys.push((init?.headers as Record<string, string> | undefined)?.['idempotency-key']);
    if (held) await held;
    const reply = replies.shift() ?? refused(500, 'INTERNAL_ERROR');
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    keys,
    fetchMock,
    hold() {
      held = new Promise((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
    },
    release: () => release(),
  };
}

const created = {
  results: [{ hostname: 'web-1', code: 'CREATED', detail: '', instanceId: 7, password: null }],
};
const order = {
  region: 1,
  productId: 1,
  class: 'default',
  osId: 101,
  hostnames: ['web-1'],
  billingCycle: 'hourly',
} as const;

describe('one Idempotency-Key per user intent', () => {
  it('sends a double submit once: the second joins the request in flight', async () => {
    const server = fakeFetch(okay(created));
    const { result } = renderHook(() => useCreateInstances(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
      ),
    });
    let answers: unknown[] = [];
    await act(async () => {
      answers = await Promise.all([
        result.current.mutateAsync(order as never),
        result.current.mutateAsync(order as never),
      ]);
    });
    expect(server.fetchMock).toHaveBeenCalledTimes(1);
    expect(server.keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(answers[0]).toEqual(answers[1]);
    // Answered: the key is gone, the next order is a new intent.
    expect(sessionStorage.getItem(ORDER_INTENT_KEY)).toBeNull();
  });

  it('reuses the key on a retry after a network error or a 5xx, and takes a new one after an answer', async () => {
    const server = fakeFetch('network-error', refused(502, 'GATEWAY_ERROR'), okay(1), okay(2));
    const intent = idempotentIntent();
    const send = () => intent.run((idempotencyKey) => api('/payments', idempotencyKey));
    await expect(send()).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    await expect(send()).rejects.toMatchObject({ status: 502 });
    expect(await send()).toBe(1);
    expect(await send()).toBe(2);
    expect(server.keys[1]).toBe(server.keys[0]);
    expect(server.keys[2]).toBe(server.keys[0]);
    expect(server.keys[3]).not.toBe(server.keys[0]);
  });

  it('ends the intent on a refusal: the next submit is a new order', async () => {
    const server = fakeFetch(refused(460, 'INSUFFICIENT_BALANCE'), okay(1));
    const intent = idempotentIntent();
    const send = () => intent.run((idempotencyKey) => api('/instances', idempotencyKey));
    await expect(send()).rejects.toBeInstanceOf(ApiError);
    await send();
    expect(server.keys[1]).not.toBe(server.keys[0]);
  });

  it('waits for a request still running under the key, then gets its answer with the same key', async () => {
    const server = fakeFetch(refused(409, 'IDEMPOTENCY_REQUEST_IN_PROGRESS'), okay('first answer'));
    const intent = idempotentIntent(undefined, 0);
    expect(await intent.run((key) => api('/instances', key))).toBe('first answer');
    expect(server.keys).toHaveLength(2);
    expect(server.keys[1]).toBe(server.keys[0]);
  });

  it('takes a new key when a kept key meets another order (422 IDEMPOTENCY_KEY_REUSED)', async () => {
    const server = fakeFetch(refused(422, 'IDEMPOTENCY_KEY_REUSED'), okay('new order'));
    const intent = idempotentIntent();
    expect(await intent.run((key) => api('/instances', key))).toBe('new order');
    expect(server.keys[1]).not.toBe(server.keys[0]);
  });

  it('keeps the key of a pending order in session storage: the page reloaded sends the same key', async () => {
    const server = fakeFetch(okay('placed'));
    server.hold();
    const before = idempotentIntent(ORDER_INTENT_KEY);
    const lost = before.run((key) => api('/instances', key));
    await vi.waitFor(() => expect(server.keys).toHaveLength(1));
    const stored = sessionStorage.getItem(ORDER_INTENT_KEY);
    expect(stored).toBe(server.keys[0]);
    // The page reloads: a new intent from storage, while the first request has not answered.
    const afterReload = idempotentIntent(ORDER_INTENT_KEY);
    const again = fakeFetch(okay('placed'));
    await afterReload.run((key) => api('/instances', key));
    expect(again.keys).toEqual([stored]);
    server.release();
    await lost;
    expect(sessionStorage.getItem(ORDER_INTENT_KEY)).toBeNull();
  });
});

async function api(path: string, idempotencyKey: string) {
  const { api: client } = await import('./client');
  return client<unknown>(path, { method: 'POST', body: {}, idempotencyKey });
}
