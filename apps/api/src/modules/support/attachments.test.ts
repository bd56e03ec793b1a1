import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { relaxedLimits, type SignedUp, signUp } from '../auth/auth.test-helpers';
import { attachmentsDir, imageWithMetadata, upload, uploaded, validTicket } from './support.test-helpers';

describe('ticket attachments (the media service)', () => {
  let t: TestApp;
  let alice: SignedUp;
  let bob: SignedUp;
  beforeAll(async () => {
    t = await createTestApp({ ...relaxedLimits, ATTACHMENTS_DIR: attachmentsDir() });
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  const download = (user: SignedUp, id: number) =>
    t.app.inject({ method: 'GET', url: `/api/media/${id}`, headers: user.headers });

  it('stores images re-encoded without their metadata and serves them as attachments to their owner only', async () => {
    for (const [format, name] of [
      ['png', 'screen shot.png'],
      ['jpeg', 'photo.JPG'],
    ] as const) {
      const original = await imageWithMetadata(format);
      expect(original.includes('secret-note')).toBe(true);
      const res = await upload(t.app, alice.headers, name, original, `image/${format}`);
      expect(res.statusCode, res.body).toBe(201);
      const attachment = res.json().data;
      expect(attachment).toMatchObject({ fileName: name, contentType: `image/${format}` });

      const file = await download(alice, attachment.id);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(`image/${format}`);
      expect(file.headers['content-disposition']).toContain('attachment;');
      expect(file.headers['content-disposition']).toContain(encodeURIComponent(name));
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.rawPayload.includes('secret-note')).toBe(false);
      expect(file.rawPayload.length).toBe(attachment.size);

      const other = await download(bob, attachment.id);
      expect(other.statusCode).toBe(404);
      expect(other.json().code).toBe('NOT_FOUND');
    }
  });

  it('keeps plain text as sent, served as UTF-8 text', async () => {
    const text = Buffer.from('Traceback (most recent call last):\n  ok — ünïcode\n');
    const id = await uploaded(t.app, alice.headers, 'log.txt', text);
    const file = await download(alice, id);
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(file.rawPayload.equals(text)).toBe(true);
  });

  it('recognises files by their content, not their name', async () => {
    const png = await imageWithMetadata('png');
    const refused = [
      [
        'an executable renamed .png',
        'setup.png',
        Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00program', 'latin1'),
      ],
      ['a PNG renamed .txt', 'notes.txt', png],
      ['a PNG renamed .jpg', 'photo.jpg', png],
      ['a broken PNG', 'broken.png', Buffer.concat([png.subarray(0, 40), Buffer.from('garbage')])],
      ['text with NUL bytes', 'dump.txt', Buffer.from('abc\x00def')],
      ['a file type not allowed', 'report.pdf', Buffer.from('%PDF-1.7 hello')],
      ['a file without extension', 'README', Buffer.from('plain words here')],
      ['an empty file', 'empty.txt', Buffer.alloc(0)],
    ] as const;
    for (const [what, name, bytes] of refused) {
      const res = await upload(t.app, alice.headers, name, Buffer.from(bytes));
      expect(res.statusCode, what).toBe(415);
      expect(res.json().code, what).toBe('ATTACHMENT_TYPE_NOT_ALLOWED');
      expect(res.json().detail, what).toBeTruthy();
    }
  });

  it('refuses a file over 2,000,000 bytes and accepts one of exactly that size', async () => {
    const over = await upload(t.app, alice.headers, 'big.txt', Buffer.alloc(2_000_001, 'a'));
    expect(over.statusCode).toBe(413);
    expect(over.json().code).toBe('ATTACHMENT_TOO_LARGE');
    await uploaded(t.app, alice.headers, 'limit.txt', Buffer.alloc(2_000_000, 'a'));
  });

  it('lets a message claim only its customer’s unsent uploads, once', async () => {
    const mine = await uploaded(t.app, alice.headers, 'mine.txt', Buffer.from('my own file'));
    const theirs = await uploaded(t.app, bob.headers, 'theirs.txt', Buffer.from('bob’s file'));
    const open = (attachmentIds: number[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/tickets',
        headers: alice.headers,
        payload: { ...validTicket, attachmentIds },
      });
    const stolen = await open([mine, theirs]);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().code).toBe('ATTACHMENT_NOT_FOUND');
    // Nothing of the refused ticket was kept, so the own file can still be sent.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/tickets', headers: alice.headers })).json().data
        .totalCount,
    ).toBe(0);
    expect((await open([mine])).statusCode).toBe(201);
    expect((await open([mine])).json().code).toBe('ATTACHMENT_NOT_FOUND');
  });

  it('asks for the upload’s group and name', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/media?group=secret&name=a.txt',
      headers: { ...alice.headers, 'content-type': 'text/plain' },
      payload: 'hello there',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/media?group=ticket&name=a.txt',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello there',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
