import type { SshKey } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits, type SignedUp, signUp, userInfo } from '../auth/auth.test-helpers';
import { generateOpenSshKey, knownKeys } from './ssh-keys.test-helpers';

describe('SSH keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(relaxedLimits);
  });
  afterAll(() => t.close());

  type Headers = Record<string, string>;
  const list = async (headers: Headers): Promise<SshKey[]> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ssh-keys', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.sshKeys;
  };
  const create = (headers: Headers, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/ssh-keys', headers, payload });
  const remove = (headers: Headers, id: number | string) =>
    t.app.inject({ method: 'DELETE', url: `/api/ssh-keys/${id}`, headers });
  /** The message keys the 400 answer names, by field. */
  const issuesOf = async (user: SignedUp, payload: Record<string, unknown>) => {
    const res = await create(user.headers, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    return res.json().issues.map((i: { path: string; message: string }) => `${i.path}: ${i.message}`);
  };

  it('adds keys with their type, size and ssh-keygen fingerprint, lists them newest first, and deletes them', async () => {
    const user = await signUp(t.app);
    const customerId = (await userInfo(t.app, user.headers)).json().data.id;
    expect(await list(user.headers)).toEqual([]);

    const added = [];
    for (const [name, key] of [
      ['laptop', knownKeys.ed25519],
      ['work', knownKeys.ecdsa384],
      ['old desktop', knownKeys.rsa3072],
    ] as const) {
      const res = await create(user.headers, { name, publicKey: key.line });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().code).toBe('OKAY');
      added.push(res.json().data);
    }
    expect(added).toEqual([
      expect.objectContaining({ customerId, name: 'laptop', type: 'ssh-ed25519', bits: 256 }),
      expect.objectContaining({ name: 'work', type: 'ecdsa-sha2-nistp384', bits: 384 }),
      expect.objectContaining({ name: 'old desktop', type: 'ssh-rsa', bits: 3072 }),
    ]);
    expect(added.map((k) => k.fingerprint)).toEqual([
      knownKeys.ed25519.fingerprint,
      knownKeys.ecdsa384.fingerprint,
      knownKeys.rsa3072.fingerprint,
    ]);
    expect(added[0].publicKey).toBe(knownKeys.ed25519.line);
    expect(new Date(added[0].createdAt).getTime()).not.toBeNaN();

    expect((await list(user.headers)).map((k) => k.name)).toEqual(['old desktop', 'work', 'laptop']);

    const deleted = await remove(user.headers, added[1].id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ code: 'OKAY', data: null });
    expect((await list(user.headers)).map((k) => k.name)).toEqual(['old desktop', 'laptop']);
    expect((await remove(user.headers, added[1].id)).statusCode).toBe(404);
  });

  it('accepts freshly generated Ed25519, ECDSA and RSA keys', async () => {
    const user = await signUp(t.app);
    const expected = [
      ['ed25519', 'ssh-ed25519', 256],
      ['p256', 'ecdsa-sha2-nistp256', 256],
      ['p521', 'ecdsa-sha2-nistp521', 521],
      ['rsa2048', 'ssh-rsa', 2048],
    ] as const;
    for (const [kind, type, bits] of expected) {
      const res = await create(user.headers, { name: kind, publicKey: generateOpenSshKey(kind) });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ type, bits });
      expect(res.json().data.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    }
  });

  it('trims the name and stores the key on one normalized line', async () => {
    const user = await signUp(t.app);
    const [type, blob] = knownKeys.ed25519.line.split(' ');
    const res = await create(user.headers, {
      name: '  my laptop \t',
      publicKey: `\n  ${type}   ${blob}\t  ada   at home  \r\n`,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'my laptop',
      publicKey: `${type} ${blob} ada at home`,
      fingerprint: knownKeys.ed25519.fingerprint,
    });
    const bare = knownKeys.rsa3072.line.replace(/ root@vm$/, '');
    const withoutComment = await create(user.headers, { name: 'bare', publicKey: `${bare}\n` });
    expect(withoutComment.json().data.publicKey).toBe(bare);
  });

  it('limits the name to 255 characters and requires a name and a key', async () => {
    const user = await signUp(t.app);
    const at255 = await create(user.headers, { name: 'n'.repeat(255), publicKey: knownKeys.ed25519.line });
    expect(at255.statusCode, at255.body).toBe(201);
    expect(await issuesOf(user, { name: 'n'.repeat(256), publicKey: knownKeys.ecdsa384.line })).toEqual([
      'name: validation.sshKey.nameTooLong',
    ]);
    expect(await issuesOf(user, { name: '   ', publicKey: knownKeys.ecdsa384.line })).toEqual([
      'name: validation.sshKey.nameRequired',
    ]);
    // The contract's key check also adds `format` for an empty key; the first issue is the one shown.
    expect((await issuesOf(user, { name: 'k', publicKey: ' \n ' }))[0]).toBe(
      'publicKey: validation.sshKey.keyRequired',
    );
    const missing = await create(user.headers, {});
    expect(missing.statusCode).toBe(400);
  });

  it('rejects what is not an accepted OpenSSH public key, with the reason', async () => {
    const user = await signUp(t.app);
    const [, ed25519Blob] = knownKeys.ed25519.line.split(' ');
    const cases: [string, string][] = [
      [`ssh-dss ${ed25519Blob}`, 'validation.sshKey.type'],
      ['-----BEGIN OPENSSH PRIVATE KEY-----', 'validation.sshKey.format'],
      ['hello world', 'validation.sshKey.format'],
      ['ssh-ed25519 not*base64', 'validation.sshKey.format'],
      [`ssh-rsa ${ed25519Blob} mismatch`, 'validation.sshKey.format'],
      [`ssh-ed25519 ${ed25519Blob!.slice(0, 40)}`, 'validation.sshKey.format'],
      [knownKeys.rsa1024.line, 'validation.sshKey.rsaTooShort'],
      [generateOpenSshKey('rsa1024'), 'validation.sshKey.rsaTooShort'],
    ];
    for (const [publicKey, message] of cases) {
      expect(await issuesOf(user, { name: 'k', publicKey }), publicKey).toEqual([`publicKey: ${message}`]);
    }
    expect(await list(user.headers)).toEqual([]);
  });

  it('refuses a name already used (any case) and a key already added', async () => {
    const user = await signUp(t.app);
    expect(
      (await create(user.headers, { name: 'Laptop', publicKey: knownKeys.ed25519.line })).statusCode,
    ).toBe(201);

    const sameName = await create(user.headers, { name: '  LAPTOP ', publicKey: knownKeys.ecdsa384.line });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({
      code: 'SSH_KEY_NAME_EXISTS',
      detail: 'You already have a key with this name.',
      data: null,
    });

    // The same key with another comment is still the same key.
    const sameKey = await create(user.headers, {
      name: 'Desktop',
      publicKey: knownKeys.ed25519.line.replace('test@x', 'other comment'),
    });
    expect(sameKey.statusCode).toBe(409);
    expect(sameKey.json()).toMatchObject({
      code: 'SSH_KEY_EXISTS',
      detail: 'This key is already added as “Laptop”.',
    });
    expect((await list(user.headers)).map((k) => k.name)).toEqual(['Laptop']);
  });

  it('lets exactly one of parallel requests win a name or a key', async () => {
    const user = await signUp(t.app);
    const sameName = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        create(user.headers, { name: i % 2 ? 'Race' : 'race', publicKey: generateOpenSshKey('ed25519') }),
      ),
    );
    expect(sameName.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(new Set(sameName.filter((r) => r.statusCode === 409).map((r) => r.json().code))).toEqual(
      new Set(['SSH_KEY_NAME_EXISTS']),
    );

    const publicKey = generateOpenSshKey('p256');
    const sameKey = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create(user.headers, { name: `key ${i}`, publicKey })),
    );
    expect(sameKey.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const winner = sameKey.find((r) => r.statusCode === 201)!.json().data.name;
    for (const lost of sameKey.filter((r) => r.statusCode === 409)) {
      expect(lost.json()).toMatchObject({
        code: 'SSH_KEY_EXISTS',
        detail: `This key is already added as “${winner}”.`,
      });
    }
    expect(await list(user.headers)).toHaveLength(2);
  });

  it("keeps each customer's keys to themselves", async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const mine = (await create(me.headers, { name: 'shared', publicKey: knownKeys.ecdsa384.line })).json()
      .data;
    // Names and keys are unique per customer only.
    expect(
      (await create(other.headers, { name: 'SHARED', publicKey: knownKeys.ecdsa384.line })).statusCode,
    ).toBe(201);

    const theirs = await list(other.headers);
    expect(theirs).toHaveLength(1);
    expect(theirs.map((k) => k.id)).not.toContain(mine.id);

    const stolen = await remove(other.headers, mine.id);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ code: 'NOT_FOUND', data: null });
    expect((await list(me.headers)).map((k) => k.id)).toEqual([mine.id]);
  });

  it('answers unknown and malformed ids without touching anything', async () => {
    const user = await signUp(t.app);
    expect((await remove(user.headers, 2_000_000_000)).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await remove(user.headers, id)).statusCode, id).toBe(400);
    }
  });

  it('requires sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ssh-keys' })).statusCode).toBe(401);
    expect((await create({}, { name: 'k', publicKey: knownKeys.ed25519.line })).statusCode).toBe(401);
    expect((await remove({}, 1)).statusCode).toBe(401);
  });

  it('documents its three calls in OpenAPI', async () => {
    const { paths } = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(paths['/api/ssh-keys']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/ssh-keys/{id}'])).toEqual(['delete']);
    for (const operation of [paths['/api/ssh-keys'].get, paths['/api/ssh-keys'].post]) {
      expect(operation.tags).toEqual(['ssh-keys']);
    }
  });
});
