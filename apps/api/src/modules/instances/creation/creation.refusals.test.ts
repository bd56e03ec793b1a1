import { ACCOUNT_SUSPENDED_MESSAGE, type ExtraResource } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app';
import { relaxedLimits } from '../../auth/auth.test-helpers';
import { knownKeys } from '../../ssh-keys/ssh-keys.test-helpers';
import {
  anOrder,
  createOk,
  expectOrderError,
  hostname,
  instanceRows,
  setAccountStatus,
  USD,
  verifiedCustomer,
} from './creation.test-helpers';

/** What an order is refused for before anything is charged: input, account, catalogue, ownership. */
describe('POST /instances refusals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  it('rejects bad hostnames, more than 10 instances, duplicates and no network with 400', async () => {
    const user = await verifiedCustomer(t);
    for (const bad of ['-starts-with-dash', 'has space', 'a'.repeat(63), 'dot.', '.dot', 'a..b'])
      await expectOrderError(t, user.headers, anOrder({ hostnames: [bad] }), 400, 'VALIDATION_ERROR');
    const eleven = Array.from({ length: 11 }, () => hostname());
    await expectOrderError(t, user.headers, anOrder({ hostnames: eleven }), 400, 'VALIDATION_ERROR');
    await expectOrderError(
      t,
      user.headers,
      anOrder({ hostnames: ['web-1', 'WEB-1'] }),
      400,
      'VALIDATION_ERROR',
    );
    await expectOrderError(
      t,
      user.headers,
      anOrder({ assignIpv4: false, assignIpv6: false }),
      400,
      'VALIDATION_ERROR',
    );
    expect(await instanceRows(t.db, user.id)).toEqual([]);
  });

  it('refuses unverified emails and admin-suspended accounts with 403', async () => {
    const user = await verifiedCustomer(t);
    await setAccountStatus(t.db, user.id, 'suspended_by_admin');
    const suspended = await expectOrderError(t, user.headers, anOrder(), 403, 'ACCOUNT_SUSPENDED');
    expect(suspended.detail).toBe(ACCOUNT_SUSPENDED_MESSAGE);

    const { customerWithCredit } = await import('../../billing/billing.test-helpers');
    const unverified = await customerWithCredit(t.app, t.db, 100 * USD);
    await expectOrderError(t, unverified.headers, anOrder(), 403, 'EMAIL_NOT_VERIFIED');
    expect(await instanceRows(t.db, unverified.id)).toEqual([]);
  });

  it('refuses plans, images, features and sources the catalogue does not allow', async () => {
    const user = await verifiedCustomer(t);
    await expectOrderError(
      t,
      user.headers,
      anOrder({ productId: 21, class: 'gpu-provided', featureIds: [5] }),
      400,
      'GPU_PLANS_ARE_PREORDERED',
    );
    await expectOrderError(t, user.headers, anOrder({ productId: 5 }), 409, 'NOT_AVAILABLE');
    await expectOrderError(t, user.headers, anOrder({ region: 6 }), 409, 'NOT_AVAILABLE');
    await expectOrderError(t, user.headers, anOrder({ osId: 164 }), 400, 'INVALID_ORDER');
    await expectOrderError(t, user.headers, anOrder({ osId: 163 }), 409, 'NOT_AVAILABLE');
    await expectOrderError(t, user.headers, anOrder({ osId: null }), 400, 'INVALID_ORDER');
    await expectOrderError(t, user.headers, anOrder({ featureIds: [3] }), 400, 'INVALID_ORDER');
    await expectOrderError(t, user.headers, anOrder({ featureIds: [6] }), 409, 'NOT_AVAILABLE');
    await expectOrderError(t, user.headers, anOrder({ featureIds: [999] }), 404, 'NOT_FOUND');
    await expectOrderError(t, user.headers, anOrder({ fromSnapshot: 1 }), 404, 'NOT_FOUND');
    await expectOrderError(t, user.headers, anOrder({ backupId: 1 }), 404, 'NOT_FOUND');
    await expectOrderError(t, user.headers, anOrder({ osId: null, isoId: 1 }), 404, 'NOT_FOUND');
    await expectOrderError(t, user.headers, anOrder({ isoId: 1 }), 400, 'INVALID_ORDER');
    await expectOrderError(t, user.headers, anOrder({ floatingIPCount: 11 }), 400, 'VALIDATION_ERROR');
    await expectOrderError(
      t,
      user.headers,
      anOrder({
        region: 4,
        backupSettings: { scheduleFrequency: 'daily', scheduleWeekDays: null, periodId: 1 },
      }),
      409,
      'NOT_AVAILABLE',
    );
    await expectOrderError(
      t,
      user.headers,
      anOrder({ backupSettings: { scheduleFrequency: 'daily', scheduleWeekDays: null, periodId: 99 } }),
      400,
      'INVALID_ORDER',
    );
    await expectOrderError(
      t,
      user.headers,
      anOrder({ backupSettings: { scheduleFrequency: 'weekly', scheduleWeekDays: [], periodId: 1 } }),
      400,
      'VALIDATION_ERROR',
    );
    await expectOrderError(t, user.headers, anOrder({ region: 99 }), 404, 'NOT_FOUND');
    await expectOrderError(
      t,
      user.headers,
      anOrder({ productId: null, extraResource: { cpu: 0, ramInGB: 0, diskInGB: 0, bandwidthInTB: 0 } }),
      400,
      'INVALID_ORDER',
    );
    expect(await instanceRows(t.db, user.id)).toEqual([]);
  });

  it('holds custom plans and add-ons to the bounds and steps the form allows, and DDoS to IPv4', async () => {
    const user = await verifiedCustomer(t);
    const custom = (extra: Partial<ExtraResource>) =>
      anOrder({
        productId: null,
        extraResource: { cpu: 1, ramInGB: 1, diskInGB: 10, bandwidthInTB: 1, ...extra },
      });
    // A custom plan is the whole machine: each resource at least its minimum.
    for (const below of [{ cpu: 0 }, { ramInGB: 0 }, { diskInGB: 0 }, { bandwidthInTB: 0 }])
      await expectOrderError(t, user.headers, custom(below), 400, 'INVALID_ORDER');
    for (const beyond of [{ cpu: 33 }, { ramInGB: 129 }, { diskInGB: 3010 }, { bandwidthInTB: 51 }])
      await expectOrderError(t, user.headers, custom(beyond), 400, 'VALIDATION_ERROR');
    // Storage moves in steps of 10 GB, for custom plans and add-ons alike.
    await expectOrderError(t, user.headers, custom({ diskInGB: 15 }), 400, 'VALIDATION_ERROR');
    const addOns = (extra: Partial<ExtraResource>) =>
      anOrder({ extraResource: { cpu: 0, ramInGB: 0, diskInGB: 0, bandwidthInTB: 0, ...extra } });
    await expectOrderError(t, user.headers, addOns({ diskInGB: 5 }), 400, 'VALIDATION_ERROR');
    // Add-ons run from the plan's values up to the largest machine.
    await expectOrderError(t, user.headers, addOns({ diskInGB: 3000 }), 400, 'INVALID_ORDER');
    await expectOrderError(t, user.headers, addOns({ bandwidthInTB: 50 }), 400, 'INVALID_ORDER');
    await expectOrderError(
      t,
      user.headers,
      anOrder({ productId: null, class: 'gpu-provided' }),
      400,
      'GPU_PLANS_ARE_PREORDERED',
    );
    // An application's minimum memory holds against the plan (GitLab needs 4 GB, Cloud S has less).
    await expectOrderError(t, user.headers, anOrder({ osId: null, appId: 4 }), 400, 'INVALID_ORDER');
    // DDoS protection protects an IPv4 address.
    await expectOrderError(
      t,
      user.headers,
      anOrder({
        region: 2,
        productId: 11,
        class: 'cpu-optimized',
        isDdosProtected: true,
        assignIpv4: false,
        assignIpv6: true,
      }),
      400,
      'INVALID_ORDER',
    );
    expect(await instanceRows(t.db, user.id)).toEqual([]);
  });

  it('deploys applications with their OS and validated settings, and custom plans', async () => {
    const user = await verifiedCustomer(t);
    await expectOrderError(
      t,
      user.headers,
      anOrder({ osId: null, appId: 1, productId: 2, ocaData: { siteTitle: '' } }),
      400,
      'VALIDATION_ERROR',
    );
    await expectOrderError(
      t,
      user.headers,
      anOrder({ osId: 111, appId: 1, productId: 2, ocaData: {} }),
      400,
      'INVALID_ORDER',
    );
    await expectOrderError(t, user.headers, anOrder({ osId: null, appId: 16 }), 409, 'NOT_AVAILABLE');
    await createOk(
      t,
      user.headers,
      anOrder({
        osId: null,
        appId: 1,
        productId: 2,
        ocaData: { siteTitle: 'Blog', adminEmail: 'me@example.com', adminUser: 'ada' },
      }),
    );
    await createOk(
      t,
      user.headers,
      anOrder({ productId: null, extraResource: { cpu: 2, ramInGB: 4, diskInGB: 40, bandwidthInTB: 2 } }),
    );
    const [app, custom] = await instanceRows(t.db, user.id);
    expect(app).toEqual(
      expect.objectContaining({
        appId: 1,
        osId: 101,
        ocaData: { siteTitle: 'Blog', adminEmail: 'me@example.com', adminUser: 'ada' },
      }),
    );
    expect(custom).toEqual(
      expect.objectContaining({ productId: null, vcpuCount: 2, ramMb: 4096, diskGb: 40, bandwidthTb: 2 }),
    );
  });

  it("cannot use another customer's SSH keys, nor read another's creation status", async () => {
    const [owner, other] = [await verifiedCustomer(t), await verifiedCustomer(t)];
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/ssh-keys',
      headers: owner.headers,
      payload: { name: 'k', publicKey: knownKeys.ecdsa384.line },
    });
    await expectOrderError(t, other.headers, anOrder({ sshKeyIds: [key.json().data.id] }), 404, 'NOT_FOUND');
    const [mine] = await createOk(t, owner.headers, anOrder());
    const [theirs] = await createOk(t, other.headers, anOrder());
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/instances/creation-status?ids=${mine!.instanceId},${theirs!.instanceId}`,
      headers: owner.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.instances).toEqual([
      expect.objectContaining({ id: mine!.instanceId, state: 'creating', mainIp: null }),
    ]);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/instances/creation-status?ids=x',
      headers: owner.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
