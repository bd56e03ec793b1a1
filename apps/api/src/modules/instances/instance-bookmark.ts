import { errorCodes } from '@nimbus/contract';
import { badRequest } from '../../lib/errors';
import type { ListCursor } from './instances.repository';

/** The list's opaque bookmark: base64url of "<insertedAt in µs>.<id>". */
export const encodeBookmark = (c: ListCursor) => Buffer.from(`${c.micros}.${c.id}`).toString('base64url');

/** 400 for anything that is not a bookmark this API gave out. */
export function decodeBookmark(bookmark: string): ListCursor {
  const text = /^[A-Za-z0-9_-]+$/.test(bookmark) ? Buffer.from(bookmark, 'base64url').toString() : '';
  const match = /^(\d{1,17})\.(\d{1,10})$/.exec(text);
  const id = Number(match?.[2]);
  if (!match?.[1] || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
    throw badRequest(errorCodes.validation, 'The bookmark is not valid.');
  return { micros: match[1], id };
}
