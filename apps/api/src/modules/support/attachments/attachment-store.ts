import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where attachments' bytes live, by key. The disk store under `DATA_DIR` is the default; an S3-compatible
 * store is the other adapter (docs/decisions.md).
 */
export interface AttachmentStore {
  put(key: string, bytes: Buffer): Promise<void>;
  /** Null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removing a missing key is not an error: removal is retried by the sweep. */
  remove(key: string): Promise<void>;
}

/** A fresh key: the month (so a directory never holds millions of files) and a random name. */
export const newAttachmentKey = (now = new Date()) => `${now.toISOString().slice(0, 7)}/${randomUUID()}`;

const SAFE_KEY = /^\d{4}-\d{2}\/[0-9a-f-]{36}$/;

export function diskAttachmentStore(root: string): AttachmentStore {
  const pathOf = (key: string) => {
    // Keys are ours; refusing anything else keeps a damaged row from reading outside the directory.
    if (!SAFE_KEY.test(key)) throw new Error(`Not an attachment key: ${key}`);
    return join(root, key);
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed, so a crash never leaves half a file under the key.
      const partial = `${path}.partial`;
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, path);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
