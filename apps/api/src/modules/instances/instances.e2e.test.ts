import { instanceListSchema } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits } from '../auth/auth.test-helpers';
import { balanceOf } from '../billing/billing.test-helpers';
import { anOrder, createOk, verifiedCustomer } from './creation/creation.test-helpers';

/** Through the real creation path and the simulator driver: order, list, detail, refund, delete. */
describe('instances end to end', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  it('lists, shows and deletes an instance ordered through POST /api/instances, refunding its unused cycle', async () => {
    const user = await verifiedCustomer(t);
    const other = await verifiedCustomer(t);
    const [result] = await createOk(t, user.headers, anOrder({ billingCycle: 'monthly' }));
    expect(result!.code).toBe('CREATED');
    const id = result!.instanceId;
    const get = (url: string, headers = user.headers) => t.app.inject({ method: 'GET', url, headers });

    const list = instanceListSchema.parse((await get('/api/instances')).json().data);
    expect(list.instances.map((i) => i.id)).toEqual([id]);
    expect((await get('/api/instances', other.headers)).json().data.instances).toEqual([]);
    const detail = (await get(`/api/instances/${id}`)).json().data;
    expect(detail).toMatchObject({ id, billingCycle: 'monthly', isSuspended: false });
    expect(detail.billingDetail).toMatchObject({ billingCycle: 'monthly', status: 'active' });
    expect((await get(`/api/instances/${id}`, other.headers)).statusCode).toBe(404);

    const preview = (await get(`/api/instances/${id}/subscription-refund`)).json().data;
    expect(preview.refundable).toBe(true);
    const before = await balanceOf(t.db, user.id);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/instances/${id}`,
      headers: user.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data.refundAmount).toBe(preview.refundAmount);
    const refunded = Math.round(Number(preview.refundAmount) * 100) * 10_000;
    expect(await balanceOf(t.db, user.id)).toBe(before + refunded);
  });
});
