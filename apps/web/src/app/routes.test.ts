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

  it('keeps the support list’s filters and page, dropping what does not fit', () => {
    const validate = searchOf('/support');
    expect(validate({ department: 'sales', status: 'pending', page: 2 })).toEqual({
      department: 'sales',
      status: 'pending',
      page: 2,
    });
    // A team's pending status is not offered by the filter: Pending covers it.
    expect(validate({ department: 'billing', status: 'pending_web', page: 0 })).toEqual({
      department: undefined,
      status: undefined,
      page: undefined,
    });
  });

  it('reads the instance to preselect and the KYC flag of a new ticket', () => {
    const validate = searchOf('/support/new-ticket');
    expect(validate({ instanceId: '7', kyc: 'true' })).toEqual({ instanceId: 7, kyc: true });
    expect(validate({ instanceId: 'web-1', kyc: 'yes' })).toEqual({ instanceId: undefined, kyc: undefined });
  });
});
