import { join } from 'node:path';
import type { Config } from '../../../config';
import { type AttachmentStore, diskAttachmentStore } from './attachment-store';
import { s3AttachmentStore } from './s3-attachment-store';

/**
 * The attachment store the configuration names: a bucket when ATTACHMENTS_S3_BUCKET is set, else the disk
 * under ATTACHMENTS_DIR (by default DATA_DIR/attachments).
 */
export function attachmentStoreOf(
  config: Pick<
    Config,
    | 'DATA_DIR'
    | 'ATTACHMENTS_DIR'
    | 'ATTACHMENTS_S3_BUCKET'
    | 'ATTACHMENTS_S3_REGION'
    | 'ATTACHMENTS_S3_ENDPOINT'
    | 'ATTACHMENTS_S3_ACCESS_KEY_ID'
    | 'ATTACHMENTS_S3_SECRET_ACCESS_KEY'
    | 'ATTACHMENTS_S3_FORCE_PATH_STYLE'
  >,
): AttachmentStore {
  if (config.ATTACHMENTS_S3_BUCKET) {
    return s3AttachmentStore({
      bucket: config.ATTACHMENTS_S3_BUCKET,
      region: config.ATTACHMENTS_S3_REGION,
      endpoint: config.ATTACHMENTS_S3_ENDPOINT,
      accessKeyId: config.ATTACHMENTS_S3_ACCESS_KEY_ID,
      secretAccessKey: config.ATTACHMENTS_S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.ATTACHMENTS_S3_FORCE_PATH_STYLE,
    });
  }
  return diskAttachmentStore(config.ATTACHMENTS_DIR ?? join(config.DATA_DIR, 'attachments'));
}
