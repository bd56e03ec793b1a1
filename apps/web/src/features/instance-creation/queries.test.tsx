import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../test/api';
import { cacheWithScreens } from '../../test/stale-screens';
import { useCreateInstances, useCreatePreorders } from './queries';

const created = { hostname: 'web-1', code: 'CREATED', detail: '', instanceId: 5, password: 'pw' };

describe('what an order makes stale', () => {
  it('an order of instances: the balance, invoices, transactions, lists, counts and the log', async () => {
    mockApi({ 'POST /api/instances': ok({ results: [created] }) });
    const { wrapper, stale } = cacheWithScreens();
    const { result } = renderHook(() => useCreateInstances(), { wrapper });
    await result.current.mutateAsync({} as Parameters<typeof result.current.mutateAsync>[0]);
    expect(stale().sort()).toEqual([
      'balance',
      'invoices',
      'list',
      'log',
      'preorders',
      'stats',
      'transactions',
    ]);
  });

  it('a GPU preorder: the lists, the counts, the preorders and the log; nothing is charged yet', async () => {
    mockApi({ 'POST /api/preorders': ok({ preorders: [] }) });
    const { wrapper, stale } = cacheWithScreens();
    const { result } = renderHook(() => useCreatePreorders(), { wrapper });
    await result.current.mutateAsync({} as Parameters<typeof result.current.mutateAsync>[0]);
    expect(stale().sort()).toEqual(['list', 'log', 'preorders', 'stats']);
  });
});
