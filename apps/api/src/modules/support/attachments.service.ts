import type { Attachment, MediaGroup } from '@nimbus/contract';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { acceptAttachment } from './attachments/attachment-content';
import { type AttachmentStore, newAttachmentKey } from './attachments/attachment-store';
import { toAttachment } from './support-dto';
import {
  deleteUnclaimedAttachment,
  findAttachment,
  insertAttachment,
  unclaimedAttachments,
} from './tickets.repository';

/** Uploads are removed when no message claimed them within a day. */
export const UNCLAIMED_ATTACHMENT_HOURS = 24;

/** The media service: files uploaded before the message they go with, checked, stored and served. */
export function createAttachmentService(deps: { db: DbOrTx; store: AttachmentStore }) {
  const { db, store } = deps;
  return {
    /**
     * Checks and stores an upload for `customerId` (the ticket's customer also for staff replies, so the
     * owner check of downloads is one rule). Bytes first: a crash between the two leaves a file no row
     * names, never a row without its file.
     */
    async upload(
      customerId: number,
      input: { group: MediaGroup; fileName: string; bytes: Buffer },
      tx: DbOrTx = db,
    ): Promise<Attachment> {
      const accepted = await acceptAttachment(input.fileName, input.bytes);
      const storageKey = newAttachmentKey();
      await store.put(storageKey, accepted.bytes);
      const row = await insertAttachment(tx, {
        customerId,
        group: input.group,
        fileName: input.fileName,
        contentType: accepted.contentType,
        size: accepted.bytes.length,
        storageKey,
      });
      return toAttachment(row);
    },

    /** The file, to its customer only; another customer's reads as missing. */
    async download(customerId: number, id: number) {
      const row = await findAttachment(db, customerId, id);
      const bytes = row ? await store.get(row.storageKey) : null;
      if (!row || !bytes) throw notFound('No such file.');
      return { fileName: row.fileName, contentType: row.contentType, bytes };
    },

    /**
     * Removes uploads no message claimed. The row goes first and only while still unclaimed (a message
     * sent meanwhile keeps its file); a crash before the file's removal leaves only unreachable bytes.
     */
    async sweepUnclaimed(now = new Date()) {
      const before = new Date(now.getTime() - UNCLAIMED_ATTACHMENT_HOURS * 3_600_000);
      let removed = 0;
      for (const row of await unclaimedAttachments(db, before, 500)) {
        if (!(await deleteUnclaimedAttachment(db, row.id))) continue;
        await store.remove(row.storageKey);
        removed++;
      }
      return removed;
    },
  };
}
export type AttachmentService = ReturnType<typeof createAttachmentService>;
