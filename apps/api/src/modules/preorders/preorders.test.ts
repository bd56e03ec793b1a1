import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { parseAdminArgs } from '../admin/admin.args';
import { runAdminCommand } from '../admin/admin.run';
import { adminDeps, recordingJobs } from '../admin/admin.test-helpers';
import { activityEvents, relaxedLimits } from '../auth/auth.test-helpers';
import { billableItems } from '../billing/billing.tables';
import { balanceOf, post } from '../billing/billing.test-helpers';
import { hostname, instanceRows, USD, verifiedCustomer } from '../instances/creation/creation.test-helpers';
import { instances, preorders } from '../instances/instances.tables';

describe('GPU preorders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  const aPreorder = (overrides: Record<string, unknown> = {}, meta: Record<string, unknown> = {}) => ({
    type: 'vm',
    hostnames: [hostname('gpu')],
    regionId: 1,
    metadata: {
      productId: 21,
      osId: 101,
      features: [5],
      billingCycle: 'monthly',
      class: 'gpu-provided',
      ...meta,
    },
    ...overrides,
  });
  const submit = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/preorders', headers, payload });
  const list = async (headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/preorders', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.preorders as { id: number; status: string; metadata: { hostname: string } }[];
  };
  const admin = (line: string, jobs = recordingJobs()) =>
    runAdminCommand(parseAdminArgs(line.split(' ')), adminDeps(t.db, jobs));

  it('takes a preorder per hostname without charging, due after gpuPreorderEta days, visible only to its owner', async () => {
    const [user, other] = [await verifiedCustomer(t, 1_000 * USD), await verifiedCustomer(t)];
    const names = [hostname('gpu'), hostname('gpu')];
    const res = await submit(user.headers, aPreorder({ hostnames: names }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data.preorders;
    expect(created).toHaveLength(2);
    expect(created[0]).toEqual(
      expect.objectContaining({
        status: 'pending',
        isPreorder: true,
        regionId: 1,
        customerId: user.id,
        instanceId: null,
        description: expect.stringContaining('GPU RTX 4090'),
        metadata: expect.objectContaining({
          hostname: names[0],
          productId: 21,
          class: 'gpu-provided',
          billingCycle: 'monthly',
        }),
      }),
    );
    const days = (new Date(created[0].dueDate).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
    expect(await balanceOf(t.db, user.id)).toBe(1_000 * USD);
    expect((await list(user.headers)).map((p) => p.metadata.hostname).sort()).toEqual([...names].sort());
    expect(await list(other.headers)).toEqual([]);
    expect(await activityEvents(t.app, user.headers)).toContain('preorder_submitted');
    expect(await instanceRows(t.db, user.id)).toEqual([]);
  });

  it('checks the order like a creation: GPU plans only, required features, credit, verified email', async () => {
    const user = await verifiedCustomer(t, 1_000 * USD);
    const refuse = async (payload: object, status: number, code: string, headers = user.headers) => {
      const res = await submit(headers, payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
    };
    await refuse(aPreorder({}, { productId: 1, features: [] }), 400, 'NOT_A_GPU_PLAN');
    await refuse(aPreorder({}, { features: [] }), 400, 'INVALID_ORDER');
    await refuse(aPreorder({ regionId: 2 }), 409, 'NOT_AVAILABLE');
    await refuse(aPreorder({ hostnames: ['bad host'] }), 400, 'VALIDATION_ERROR');
    await refuse(aPreorder({}, { assignIpv4: false, assignIpv6: false }), 400, 'VALIDATION_ERROR');
    const poor = await verifiedCustomer(t, 10 * USD);
    await refuse(aPreorder(), 460, 'INSUFFICIENT_BALANCE', poor.headers);
    const { customerWithCredit } = await import('../billing/billing.test-helpers');
    const unverified = await customerWithCredit(t.app, t.db, 1_000 * USD);
    await refuse(aPreorder(), 403, 'EMAIL_NOT_VERIFIED', unverified.headers);
    expect(await list(user.headers)).toEqual([]);
  });

  it('is allocated by an operator into a charged instance, once; refused without credit; or cancelled', async () => {
    const user = await verifiedCustomer(t, 700 * USD);
    const res = await submit(user.headers, aPreorder({ hostnames: [hostname('gpu'), hostname('gpu')] }));
    const [first, second] = res.json().data.preorders;

    const listed = await admin('preorder list');
    expect(listed.lines.join('\n')).toContain(`#${first.id}`);

    // The credit went elsewhere meanwhile: allocation is refused and the preorder stays pending.
    await post(t.db, user.id, -695 * USD);
    const refused = await admin(`preorder allocate ${first.id}`);
    expect(refused.exitCode).toBe(1);
    expect(refused.warnings[0]).toMatch(/Not enough credit/);
    expect((await list(user.headers)).map((p) => p.id)).toContain(first.id);
    expect(await instanceRows(t.db, user.id)).toEqual([]);

    await post(t.db, user.id, 400 * USD);
    const before = await balanceOf(t.db, user.id);
    const jobs = recordingJobs();
    const allocated = await admin(`preorder allocate ${first.id}`, jobs);
    expect(allocated.exitCode, allocated.warnings.join()).toBe(0);
    const [row] = await instanceRows(t.db, user.id);
    expect(row).toEqual(
      expect.objectContaining({
        hostname: first.metadata.hostname,
        planClass: 'gpu-provided',
        lifecycle: 'provisioning',
      }),
    );
    expect(jobs.sent).toEqual([
      expect.objectContaining({ name: 'instances.converge', data: { instanceId: row!.id } }),
    ]);
    const [item] = await t.db.select().from(billableItems).where(eq(billableItems.instanceId, row!.id));
    expect(await balanceOf(t.db, user.id)).toBe(before - item!.unitPrice);
    const [stored] = await t.db.select().from(preorders).where(eq(preorders.id, first.id));
    expect(stored).toEqual(expect.objectContaining({ status: 'allocated', instanceId: row!.id }));

    const again = await admin(`preorder allocate ${first.id}`);
    expect(again.lines[0]).toMatch(/already allocated/);
    expect(await t.db.select().from(instances).where(eq(instances.customerId, user.id))).toHaveLength(1);

    const cancelled = await admin(`preorder cancel ${second.id}`);
    expect(cancelled.lines[0]).toMatch(/cancelled; nothing was charged/);
    expect(await list(user.headers)).toEqual([]);
    expect((await admin(`preorder cancel ${first.id}`)).exitCode).toBe(1);
    expect((await admin(`preorder allocate ${second.id}`)).exitCode).toBe(1);
    expect(await activityEvents(t.app, user.headers)).toEqual(
      expect.arrayContaining(['preorder_allocated', 'preorder_cancelled', 'instance_created']),
    );
  });
});
