import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../test/api';
import { cacheWithScreens } from '../../test/stale-screens';
import { instanceKeys } from '../instances/queries';
import { useDeleteInstanceMutation, useRenewMutation } from './queries';

describe('what an action on one instance makes stale', () => {
  it('renew now charges: the instance, the balance, invoices, transactions, lists, counts and the log', async () => {
    mockApi({ 'POST /api/instances/7/renew': ok(null) });
    const { wrapper, stale } = cacheWithScreens({ detail: instanceKeys.detail(7) });
    const { result } = renderHook(() => useRenewMutation(7), { wrapper });
    await result.current.mutateAsync();
    expect(stale().sort()).toEqual([
      'balance',
      'detail',
      'invoices',
      'list',
      'log',
      'preorders',
      'stats',
      'transactions',
    ]);
  });

  it('deleting gives back unused days: the balance, invoices, transactions, lists, counts and the log', async () => {
    mockApi({ 'DELETE /api/instances/7': ok(null) });
    const { wrapper, stale } = cacheWithScreens();
    const { result } = renderHook(() => useDeleteInstanceMutation(7), { wrapper });
    await result.current.mutateAsync();
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
});
