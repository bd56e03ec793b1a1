import type { IncomingMessage } from 'node:http';
import { request } from 'node:https';
import {
  assertAllowedTarget,
  BlockedAddressError,
  guardedLookup,
  type TrustedOrigins,
} from './public-address';

/**
 * Reading an ISO from the customer's https address: its size (HEAD) and its bytes (GET, resumed with a
 * Range from where the store stopped). node's https client rather than fetch, because each connection
 * must go to the address the guard approved (`guardedLookup`), and every redirect hop is checked again
 * before it is followed.
 */

export type IsoSourceFailure = 'not-found' | 'unreachable' | 'blocked-address';

export class IsoSourceError extends Error {
  constructor(
    readonly kind: IsoSourceFailure,
    message: string,
  ) {
    super(message);
    this.name = 'IsoSourceError';
  }
}

export interface IsoSourceOptions {
  /** Private origins the operator allows (an internal mirror); empty in a normal install. */
  trusted: TrustedOrigins;
  /** Extra certificate authorities (an internal mirror's); the system's are always trusted. */
  ca?: string;
  timeoutMs?: number;
}

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function once(url: URL, method: 'HEAD' | 'GET', headers: Record<string, string>, options: IsoSourceOptions) {
  const { allowPrivate } = assertAllowedTarget(url, options.trusted);
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = request(url, {
      method,
      headers: { 'user-agent': 'Nimbus-ISO-Import/1', ...headers },
      lookup: guardedLookup(allowPrivate) as never,
      ca: options.ca ? [options.ca] : undefined,
      timeout: options.timeoutMs ?? 15_000,
    });
    req.on('response', resolve);
    req.on('timeout', () =>
      req.destroy(new IsoSourceError('unreachable', `${url.host} did not answer in time.`)),
    );
    req.on('error', (error) => {
      if (error instanceof IsoSourceError) return reject(error);
      if (error instanceof BlockedAddressError || (error as { code?: string }).code === 'EBLOCKED')
        return reject(new IsoSourceError('blocked-address', `${url.hostname} is not a public address.`));
      reject(new IsoSourceError('unreachable', `${url.host} could not be reached (${error.message}).`));
    });
    req.end();
  });
}

/** Sends the request, following redirects (https only, each target checked like the first). */
async function follow(
  start: string,
  method: 'HEAD' | 'GET',
  headers: Record<string, string>,
  options: IsoSourceOptions,
) {
  let url = new URL(start);
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'https:')
      throw new IsoSourceError('blocked-address', 'The address must stay on https, redirects included.');
    let response: IncomingMessage;
    try {
      response = await once(url, method, headers, options);
    } catch (error) {
      if (error instanceof BlockedAddressError)
        throw new IsoSourceError('blocked-address', `${error.host} is not a public address.`);
      throw error;
    }
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || !location) return response;
    response.resume();
    if (hop >= MAX_REDIRECTS)
      throw new IsoSourceError('unreachable', 'The address redirects too many times.');
    url = new URL(location, url);
  }
}

function failureOf(response: IncomingMessage): IsoSourceError {
  response.resume();
  const status = response.statusCode ?? 0;
  if (status === 404 || status === 410) return new IsoSourceError('not-found', 'No file at this address.');
  return new IsoSourceError('unreachable', `The address answered ${status}.`);
}

/** The file's size from a HEAD request (redirects followed). */
export async function isoSize(url: string, options: IsoSourceOptions): Promise<number> {
  const response = await follow(url, 'HEAD', {}, options);
  response.resume();
  if ((response.statusCode ?? 0) >= 300) throw failureOf(response);
  const length = Number(response.headers['content-length']);
  if (!Number.isSafeInteger(length) || length <= 0)
    throw new IsoSourceError('unreachable', 'The address does not tell the size of the file.');
  return length;
}

/**
 * The file's bytes from `from` on. `resumed` false means the source ignored the range and sends the
 * whole file again: the caller starts the image over.
 */
export async function openIso(
  url: string,
  from: number,
  options: IsoSourceOptions,
): Promise<{ body: IncomingMessage; resumed: boolean }> {
  const response = await follow(url, 'GET', from > 0 ? { range: `bytes=${from}-` } : {}, options);
  const status = response.statusCode ?? 0;
  if (status === 206 && from > 0) {
    const start = /^bytes (\d+)-/.exec(String(response.headers['content-range'] ?? ''))?.[1];
    if (Number(start) === from) return { body: response, resumed: true };
    response.destroy();
    throw new IsoSourceError('unreachable', 'The address answered another range than asked for.');
  }
  if (status === 200) return { body: response, resumed: false };
  throw failureOf(response);
}
