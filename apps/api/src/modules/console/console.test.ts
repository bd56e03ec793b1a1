import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { fakeHypervisor } from '../instances/fake-hypervisor.test-helpers';
import { insertInstance, useInstancesApp } from '../instances/instances.test-helpers';

vi.mock('../compute/compute', async () => {
  const { fakeHypervisor } = await import('../instances/fake-hypervisor.test-helpers');
  return { createHypervisor: () => fakeHypervisor.driver };
});

/** Messages of a socket in order, kept from the moment it is made (the greeting comes at once). */
const inbox = new WeakMap<WebSocket, { queue: Buffer[]; waiting: ((b: Buffer) => void)[] }>();
function collect(socket: WebSocket) {
  const box = { queue: [] as Buffer[], waiting: [] as ((b: Buffer) => void)[] };
  inbox.set(socket, box);
  socket.on('message', (data: Buffer) => {
    const waiter = box.waiting.shift();
    if (waiter) waiter(Buffer.from(data));
    else box.queue.push(Buffer.from(data));
  });
}
const nextMessage = (socket: WebSocket) => {
  const box = inbox.get(socket)!;
  const queued = box.queue.shift();
  return queued ? Promise.resolve(queued) : new Promise<Buffer>((resolve) => box.waiting.push(resolve));
};

describe('the remote console', () => {
  const env = useInstancesApp();
  const ticketFor = (id: number, user = env.alice) => env.call(user, 'POST', `/api/instances/${id}/console`);
  let origin = '';
  beforeAll(async () => {
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `ws://127.0.0.1:${(env.app.server.address() as AddressInfo).port}`;
  });
  /** Opens the console as noVNC does (subprotocol "binary"); rejects with the refusal's status. */
  const connect = (id: number, ticket: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(
        `${origin}/api/instances/${id}/console?ticket=${encodeURIComponent(ticket)}`,
        ['binary'],
      );
      collect(socket);
      socket.once('open', () => resolve(socket));
      socket.once('error', reject);
    });

  it('gives the owner of a running instance a one-use ticket that opens an RFB stream', async () => {
    const row = await insertInstance(env.db, env.alice.id, { hostname: 'vnc-1' });
    fakeHypervisor.add(row.id, 'active', 'vnc-1');
    const res = await ticketFor(row.id);
    expect(res.statusCode, res.body).toBe(200);
    const { ticket, expiresAt } = res.json().data;
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());

    const socket = await connect(row.id, ticket);
    expect((await nextMessage(socket)).toString('latin1')).toBe('RFB 003.008\n');
    socket.send(Buffer.from('RFB 003.008\n'));
    expect([...(await nextMessage(socket))]).toEqual([1, 1]);
    socket.send(Buffer.from([1]));
    expect([...(await nextMessage(socket))]).toEqual([0, 0, 0, 0]);
    socket.send(Buffer.from([1]));
    const init = await nextMessage(socket);
    expect([init.readUInt16BE(0), init.readUInt16BE(2)]).toEqual([768, 504]);
    expect(init.subarray(24).toString()).toBe('vnc-1');
    socket.terminate();

    // Spent: a second connection with it is refused before the upgrade.
    await expect(connect(row.id, ticket)).rejects.toThrow(/401/);
  });

  it('refuses other customers, stopped instances, other instances and made-up tickets', async () => {
    const running = await insertInstance(env.db, env.alice.id, { hostname: 'vnc-2' });
    fakeHypervisor.add(running.id, 'active', 'vnc-2');
    const stopped = await insertInstance(env.db, env.alice.id, { hostname: 'vnc-3', status: 'shutdown' });
    fakeHypervisor.add(stopped.id, 'shutdown', 'vnc-3');
    expect((await ticketFor(running.id, env.bob)).statusCode).toBe(404);
    const refused = await ticketFor(stopped.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('NOT_AVAILABLE');

    const { ticket } = (await ticketFor(running.id)).json().data;
    await expect(connect(stopped.id, ticket)).rejects.toThrow(/401/);
    await expect(connect(running.id, 'made-up')).rejects.toThrow(/401/);
  });
});
