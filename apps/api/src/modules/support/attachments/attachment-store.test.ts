import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no types: a small S3-compatible server written in JavaScript.
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AttachmentStore, diskAttachmentStore, newAttachmentKey } from './attachment-store';
import { s3AttachmentStore } from './s3-attachment-store';

/** What every attachment store must do, run against the disk and against a real S3 API (s3rver). */
function storeContract(
  name: string,
  open: () => Promise<{ store: AttachmentStore; close(): Promise<void> }>,
) {
  describe(`${name} attachment store`, () => {
    let store: AttachmentStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(() => close());

    it('keeps bytes under a key, reads them back exactly, and removes them', async () => {
      const key = newAttachmentKey();
      const bytes = Buffer.from([0, 1, 2, 255, ...Buffer.from('héllo')]);
      await store.put(key, bytes);
      expect((await store.get(key))?.equals(bytes)).toBe(true);
      await store.remove(key);
      expect(await store.get(key)).toBeNull();
    });

    it('answers null for a key never stored and removes a missing key without error', async () => {
      const key = newAttachmentKey();
      expect(await store.get(key)).toBeNull();
      await expect(store.remove(key)).resolves.toBeUndefined();
    });

    it('replaces what a key holds when it is written again (a retried upload)', async () => {
      const key = newAttachmentKey();
      await store.put(key, Buffer.from('first'));
      await store.put(key, Buffer.from('second'));
      expect((await store.get(key))?.toString()).toBe('second');
    });
  });
}

storeContract('disk', async () => ({
  store: diskAttachmentStore(mkdtempSync(join(tmpdir(), 'nimbus-store-'))),
  close: async () => {},
}));

storeContract('S3', async () => {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 'nimbus-s3-')),
    configureBuckets: [{ name: 'nimbus-attachments' }],
  });
  const { port } = (await server.run()) as { port: number };
  return {
    store: s3AttachmentStore({
      bucket: 'nimbus-attachments',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      // s3rver's fixed credentials: it checks request signatures as S3 does.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    }),
    close: () => server.close(),
  };
});

describe('disk attachment store', () => {
  it('refuses a key that is not one of its own, so no row can read outside its folder', async () => {
    const store = diskAttachmentStore(mkdtempSync(join(tmpdir(), 'nimbus-store-')));
    await expect(store.get('../../etc/passwd')).rejects.toThrow('Not an attachment key');
  });
});
