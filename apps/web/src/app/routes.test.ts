import { verificationFailureReasons } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { router } from './router';

type ValidateSearch = (search: Record<string, unknown>) => unknown;

function searchOf(path: string) {
  const route = (router.routesByPath as Record<string, { options: { validateSearch?: unknown } }>)[path];
  expect(route, path).toBeDefined();
  return route?.options.validateSearch as ValidateSearch;
}

describe('search parameters of the routes', () => {
  it('keeps every reason a mailed verification link can carry', () => {
    const validate = searchOf('/verificationfailure');
    for (const reason of verificationFailureReasons) expect(validate({ reason })).toEqual({ reason });
    expect(validate({ reason: 'made-up' })).toEqual({ reason: undefined });
  });
});
