import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { AttachmentStore } from './attachment-store';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, Ceph, R2, …); AWS when absent. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `host/bucket/key` addressing, which most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Each call gives up after this long (the SDK's own retries included). */
  timeoutMs?: number;
}

/** Attachments in a bucket of any S3-compatible store, under an `attachments/` prefix. */
export function s3AttachmentStore(options: S3StoreOptions): AttachmentStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
  const Bucket = options.bucket;
  const Key = (key: string) => `attachments/${key}`;
  const signal = () => AbortSignal.timeout(options.timeoutMs ?? 30_000);
  return {
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: bytes }), {
        abortSignal: signal(),
      });
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }), {
          abortSignal: signal(),
        });
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async remove(key) {
      // S3 answers a delete of a missing key with success, as the interface asks.
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }), { abortSignal: signal() });
    },
  };
}
