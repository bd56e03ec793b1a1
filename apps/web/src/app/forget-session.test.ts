import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { brandingKeys } from '../api/branding';
import { DELETION_QUEUE_KEY } from '../features/instances/deletion/deletion-queue';
import { CREATION_RESULTS_KEY } from '../features/instances/pending/creation-results';
import { forgetSessionData } from './forget-session';

afterEach(() => sessionStorage.clear());

describe('forgetSessionData', () => {
  it("drops the customer's cached answers and the instance screens' session keys, and keeps the rest", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(brandingKeys.all, { name: 'Nimbus' });
    queryClient.setQueryData(['instances', 'list'], { instances: [] });
    sessionStorage.setItem(CREATION_RESULTS_KEY, JSON.stringify({ kind: 'instances', results: [] }));
    sessionStorage.setItem(DELETION_QUEUE_KEY, '[1,2]');
    sessionStorage.setItem('nimbus.other', 'kept');

    forgetSessionData(queryClient);

    expect(queryClient.getQueryData(brandingKeys.all)).toEqual({ name: 'Nimbus' });
    expect(queryClient.getQueryData(['instances', 'list'])).toBeUndefined();
    expect(sessionStorage.getItem(CREATION_RESULTS_KEY)).toBeNull();
    expect(sessionStorage.getItem(DELETION_QUEUE_KEY)).toBeNull();
    expect(sessionStorage.getItem('nimbus.other')).toBe('kept');
  });
});
