import { verificationFailureReasons } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { router } from './router';

type SearchSchema = { parse(search: unknown): unknown };

function searchOf(path: string) {
  const route = (router.routesByPath as Record<string, { options: { validateSearch?: unknown } }>)[path];
  expect(route, path).toBeDefined();
  return route?.options.validateSearch as SearchSchema;
}

describe('search parameters of the routes', () => {
  it('keeps every reason a mailed verification link can carry', () => {
    const schema = searchOf('/verificationfailure');
    for (const reason of verificationFailureReasons) expect(schema.parse({ reason })).toEqual({ reason });
    expect(schema.parse({ reason: 'made-up' })).toEqual({ reason: undefined });
  });
});
