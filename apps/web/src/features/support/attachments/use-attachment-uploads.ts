import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_PER_MESSAGE,
  type Attachment,
  isAllowedAttachmentName,
  type MediaGroup,
  supportErrorCodes,
} from '@nimbus/contract';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { uploadAttachment } from '../queries';

/** Why a file is not attached: a text of the support namespace, or the server's own words. */
export type UploadProblem = { key: string } | { text: string };

export interface Upload {
  key: number;
  name: string;
  size: number;
  state: 'uploading' | 'done' | 'failed';
  attachment?: Attachment;
  problem?: UploadProblem;
}

/** What the browser can tell before sending anything: the type by the name, and the size. */
function refusal(file: File): UploadProblem | undefined {
  if (!isAllowedAttachmentName(file.name)) return { key: 'attachments.problems.type' };
  if (file.size > ATTACHMENT_MAX_BYTES) return { key: 'attachments.problems.size' };
  return undefined;
}

function problemOf(error: unknown): UploadProblem {
  if (!(error instanceof ApiError)) return { key: 'common:errors.unexpected' };
  if (error.code === 'NETWORK_ERROR') return { key: 'common:errors.network' };
  if (error.code === supportErrorCodes.attachmentTooLarge) return { key: 'attachments.problems.size' };
  // The server says what it found: e.g. a program renamed to .png.
  return error.detail ? { text: error.detail } : { key: 'common:errors.unexpected' };
}

/**
 * The files of one message: each uploaded as soon as it is picked, so sending waits only for uploads
 * still running. A file removed while it uploads is forgotten when its answer comes.
 */
export function useAttachmentUploads(group: MediaGroup) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const nextKey = useRef(0);
  const update = (key: number, patch: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)));

  const add = (files: readonly File[]) => {
    let room = ATTACHMENTS_PER_MESSAGE - uploads.filter((upload) => upload.state !== 'failed').length;
    const added = files.map((file): Upload => {
      nextKey.current += 1;
      const base = { key: nextKey.current, name: file.name, size: file.size };
      const problem = room > 0 ? refusal(file) : { key: 'attachments.problems.count' };
      if (problem) return { ...base, state: 'failed', problem };
      room -= 1;
      uploadAttachment(file, group).then(
        (attachment) => update(base.key, { state: 'done', attachment }),
        (error: unknown) => update(base.key, { state: 'failed', problem: problemOf(error) }),
      );
      return { ...base, state: 'uploading' };
    });
    setUploads((current) => [...current, ...added]);
  };
  // A removed upload stays unclaimed on the server, which deletes such files after a day.
  const remove = (key: number) => setUploads((current) => current.filter((upload) => upload.key !== key));
  const clear = useCallback(() => setUploads([]), []);

  return {
    uploads,
    add,
    remove,
    clear,
    /** What the message is sent with: the files that made it. */
    ids: uploads.flatMap((upload) => (upload.attachment ? [upload.attachment.id] : [])),
    uploading: uploads.some((upload) => upload.state === 'uploading'),
    full: uploads.filter((upload) => upload.state !== 'failed').length >= ATTACHMENTS_PER_MESSAGE,
  };
}

export type AttachmentUploads = ReturnType<typeof useAttachmentUploads>;
