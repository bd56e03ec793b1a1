import { join } from 'node:path';
import type { Config } from '../../../config';
import { type AttachmentStore, diskAttachmentStore } from './attachment-store';

/** The attachment store the configuration names: the disk under DATA_DIR unless ATTACHMENTS_DIR says where. */
export function attachmentStoreOf(config: Pick<Config, 'DATA_DIR' | 'ATTACHMENTS_DIR'>): AttachmentStore {
  return diskAttachmentStore(config.ATTACHMENTS_DIR ?? join(config.DATA_DIR, 'attachments'));
}
