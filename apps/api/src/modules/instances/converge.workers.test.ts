import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { anOrder, createOk, verifiedCustomer } from './creation/creation.test-helpers';

describe('instance convergence with the job workers running', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits, { workers: true });
  });
  afterAll(() => t.close());

  it('takes a created instance to active on its own, as the pending page sees it', async () => {
    const user = await verifiedCustomer(t);
    const [result] = await createOk(t, user.headers, anOrder());
    let state = 'creating';
    let status: { state: string; mainIp: string | null } | undefined;
    for (let i = 0; i < 60 && state === 'creating'; i++) {
      await new Promise((r) => setTimeout(r, 500));
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/instances/creation-status?ids=${result!.instanceId}`,
        headers: user.headers,
      });
      status = res.json().data.instances[0];
      state = status!.state;
    }
    expect(status).toEqual(expect.objectContaining({ state: 'created', mainIp: expect.any(String) }));
  }, 40_000);
});
