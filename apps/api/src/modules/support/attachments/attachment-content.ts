import {
  ATTACHMENT_MAX_BYTES,
  type AttachmentContentType,
  attachmentExtensionOf,
  isAllowedAttachmentName,
  supportErrorCodes,
} from '@nimbus/contract';
import sharp from 'sharp';
import { AppError } from '../../../lib/errors';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);
/** Large enough for any screenshot, small enough that a decompression bomb cannot exhaust memory. */
const MAX_PIXELS = 40_000_000;

const typeNotAllowed = (detail: string) => new AppError(415, supportErrorCodes.attachmentType, detail);
export const attachmentTooLarge = () =>
  new AppError(
    413,
    supportErrorCodes.attachmentTooLarge,
    `A file can be at most ${ATTACHMENT_MAX_BYTES.toLocaleString('en-US')} bytes.`,
  );

/** Plain text: valid UTF-8 without NUL or control characters other than tab, line breaks and form feed. */
function isPlainText(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

/** Decodes and encodes again: what is stored is pixels only, without metadata (EXIF, GPS) or trailing data. */
async function reencode(bytes: Buffer, format: 'png' | 'jpeg'): Promise<Buffer> {
  try {
    // `rotate()` applies the EXIF orientation first, since the metadata that carried it is dropped.
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS }).rotate();
    return await (format === 'png' ? image.png() : image.jpeg({ quality: 90, mozjpeg: true })).toBuffer();
  } catch {
    throw typeNotAllowed(`This file is not a valid ${format === 'png' ? 'PNG' : 'JPEG'} image.`);
  }
}

/**
 * What may be stored of an uploaded file: its name says txt, jpeg, jpg or png, and its content is that —
 * recognised by its bytes, so a PNG renamed .txt or a program renamed .png is refused. Images are stored
 * as re-encoded copies.
 */
export async function acceptAttachment(
  fileName: string,
  bytes: Buffer,
): Promise<{ contentType: AttachmentContentType; bytes: Buffer }> {
  if (bytes.length > ATTACHMENT_MAX_BYTES) throw attachmentTooLarge();
  if (!isAllowedAttachmentName(fileName)) {
    throw typeNotAllowed('Attach .txt, .jpeg, .jpg or .png files only.');
  }
  if (bytes.length === 0) throw typeNotAllowed('This file is empty.');
  const extension = attachmentExtensionOf(fileName);
  if (extension === 'png') {
    if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
      throw typeNotAllowed('This file is named .png but its content is not a PNG image.');
    }
    return { contentType: 'image/png', bytes: await reencode(bytes, 'png') };
  }
  if (extension === 'jpg' || extension === 'jpeg') {
    if (!bytes.subarray(0, 3).equals(JPEG_SIGNATURE)) {
      throw typeNotAllowed(`This file is named .${extension} but its content is not a JPEG image.`);
    }
    return { contentType: 'image/jpeg', bytes: await reencode(bytes, 'jpeg') };
  }
  if (!isPlainText(bytes)) {
    throw typeNotAllowed('This file is named .txt but its content is not plain text.');
  }
  return { contentType: 'text/plain', bytes };
}
