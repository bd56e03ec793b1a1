import type { Notification, NotificationList } from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { parseAdminArgs } from '../admin/admin.args';
import { runAdminCommand } from '../admin/admin.run';
import { adminDeps } from '../admin/admin.test-helpers';
import { fakeHypervisor } from '../instances/fake-hypervisor.test-helpers';
import { insertInstance, type TestCustomer, useInstancesApp } from '../instances/instances.test-helpers';
import { followSnapshot } from '../snapshots/snapshot-progress';
import { snapshots } from '../snapshots/snapshots.tables';
import { notify } from './notify';

vi.mock('../compute/compute', async () => {
  const { fakeHypervisor } = await import('../instances/fake-hypervisor.test-helpers');
  return { createHypervisor: () => fakeHypervisor.driver };
});

describe('notifications', () => {
  const env = useInstancesApp();
  const { call } = env;
  const list = async (user: TestCustomer, query = ''): Promise<NotificationList> => {
    const res = await call(user, 'GET', `/api/notifications${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const ofKind = async (user: TestCustomer, kind: Notification['kind']) =>
    (await list(user, '?pageSize=100')).notifications.filter((n) => n.kind === kind);
  const admin = (line: string[]) => runAdminCommand(parseAdminArgs(line), adminDeps(env.db, env.jobs));

  it('lists newest first by page with the unread count, and marks one or all read', async () => {
    const user = env.alice;
    for (const title of ['first', 'second', 'third'])
      await notify(env.db, user.id, 'ticket_reply', { subject: 900, occurrence: title, data: { title } });
    const page = await list(user, '?pageSize=2');
    expect(page).toMatchObject({ totalCount: 3, totalPages: 2, pageSize: 2, unreadCount: 3 });
    expect(page.notifications.map((n) => n.data.title)).toEqual(['third', 'second']);
    expect(page.notifications[0]).toMatchObject({ kind: 'ticket_reply', subject: '900', readAt: null });
    expect((await list(user, '?pageSize=2&page=2')).notifications.map((n) => n.data.title)).toEqual([
      'first',
    ]);

    const id = page.notifications[0]!.id;
    const read = await call(user, 'POST', `/api/notifications/${id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    const readAt = read.json().data.readAt as string;
    expect(readAt).not.toBeNull();
    // Reading it again keeps when it was first read.
    expect((await call(user, 'POST', `/api/notifications/${id}/read`)).json().data.readAt).toBe(readAt);
    expect((await list(user)).unreadCount).toBe(2);

    const all = await call(user, 'POST', '/api/notifications/read');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toEqual({ updated: 2, unreadCount: 0 });
    expect((await list(user)).notifications.every((n) => n.readAt !== null)).toBe(true);
  });

  it("shows a customer none of another's, and refuses to mark them", async () => {
    await notify(env.db, env.alice.id, 'low_balance', { occurrence: 'hour-1', data: { balance: '1.50' } });
    const alices = await list(env.alice);
    expect(alices.unreadCount).toBe(1);
    const bobs = await list(env.bob);
    expect(bobs.notifications.map((n) => n.id)).not.toContain(alices.notifications[0]!.id);
    const res = await call(env.bob, 'POST', `/api/notifications/${alices.notifications[0]!.id}/read`);
    expect(res.statusCode).toBe(404);
    await call(env.bob, 'POST', '/api/notifications/read');
    expect((await list(env.alice)).unreadCount).toBe(1);
  });

  it('answers 400 to bad paging and ids, and 401 without a session', async () => {
    expect((await call(env.alice, 'GET', '/api/notifications?pageSize=0')).statusCode).toBe(400);
    expect((await call(env.alice, 'GET', '/api/notifications?page=x')).statusCode).toBe(400);
    expect((await call(env.alice, 'POST', '/api/notifications/abc/read')).statusCode).toBe(400);
    expect((await call(env.alice, 'POST', '/api/notifications/99999999999/read')).statusCode).toBe(400);
    expect((await env.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('documents its calls in OpenAPI', async () => {
    const paths = (await env.app.inject({ method: 'GET', url: '/api/openapi.json' })).json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/notifications',
        '/api/notifications/read',
        '/api/notifications/{id}/read',
      ]),
    );
  });

  it('notifies a staff reply once per reply, linking the ticket', async () => {
    const user = env.bob;
    const opened = await call(user, 'POST', '/api/tickets', {
      title: 'Port 22 closed',
      department: 'support',
      message: 'My server stopped answering on port 22 since this morning.',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const ticketId = opened.json().data.id as number;
    // The customer's own message notifies nobody.
    expect(await ofKind(user, 'ticket_reply')).toEqual([]);
    for (const message of ['We are looking at it.', 'Fixed, please try again.'])
      expect((await admin(['ticket', 'reply', String(ticketId), '--message', message])).exitCode).toBe(0);
    const replies = await ofKind(user, 'ticket_reply');
    expect(replies).toHaveLength(2);
    expect(replies[0]).toMatchObject({
      subject: String(ticketId),
      data: { title: 'Port 22 closed' },
      readAt: null,
    });
    expect(await ofKind(env.alice, 'ticket_reply')).not.toContainEqual(
      expect.objectContaining({ subject: String(ticketId) }),
    );
  });

  it('notifies a finished or failed snapshot once per take, even when the follow job runs again', async () => {
    const deps = { db: env.db, hypervisor: fakeHypervisor.driver, jobs: env.jobs };
    const follow = async (id: number) => {
      for (let i = 0; i < 5; i++) if ((await followSnapshot(deps, id)) === 'settled') return;
      throw new Error('the snapshot operation did not end');
    };
    const instance = await insertInstance(env.db, env.alice.id);
    const taken = await call(env.alice, 'POST', '/api/snapshots', { instanceId: instance.id });
    expect(taken.statusCode, taken.body).toBe(201);
    const id = taken.json().data.data.id as number;
    await follow(id);
    const [row] = await env.db.select().from(snapshots).where(eq(snapshots.id, id));
    const ready = (await ofKind(env.alice, 'snapshot_ready')).filter((n) => n.subject === String(id));
    expect(ready).toHaveLength(1);
    expect(ready[0]!.data).toEqual({ name: row!.name, hostname: instance.hostname });

    // As if the run were repeated for the same take (its image): the notification is not repeated.
    await env.db
      .update(snapshots)
      .set({ status: 'in_progress', operationKind: 'take', operationImageRef: row!.imageRef })
      .where(eq(snapshots.id, id));
    await follow(id);
    expect((await ofKind(env.alice, 'snapshot_ready')).filter((n) => n.subject === String(id))).toHaveLength(
      1,
    );

    // A retake is another occurrence; one that fails says so.
    fakeHypervisor.knobs.failOperations = 1;
    expect((await call(env.alice, 'POST', `/api/snapshots/${id}/retake`)).statusCode).toBe(200);
    await follow(id);
    const failed = (await ofKind(env.alice, 'snapshot_failed')).filter((n) => n.subject === String(id));
    expect(failed).toHaveLength(1);
    expect(await ofKind(env.bob, 'snapshot_failed')).toEqual([]);
  });
});
