import {
  ACCESS_TOKEN_HEADER,
  type AuthTokens,
  type ErrorEnvelope,
  errorCodes,
  IDEMPOTENCY_KEY_HEADER,
  LANGUAGE_HEADER,
  REFRESH_TOKEN_HEADER,
} from '@nimbus/contract';
import { redirectsToNotFound } from './not-found';
import { tokenStore } from './tokens';

/** An API answer other than OKAY: status, the envelope's code and detail, and any extra fields. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly body: ErrorEnvelope | null,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
  get issues() {
    return this.body?.issues ?? [];
  }
}

type Listener = () => void;
const signedOutListeners = new Set<Listener>();
/** Called when a refresh fails: the app signs out to the sign-in page. */
export const onSignedOut = (listener: Listener) => {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
};

const notFoundListeners = new Set<Listener>();
/** Called when a GET answers 404 outside the exceptions of platform.md §8: the app opens /404. */
export const onNotFound = (listener: Listener) => {
  notFoundListeners.add(listener);
  return () => notFoundListeners.delete(listener);
};

let currentLanguage = 'en';
export const setApiLanguage = (language: string) => {
  currentLanguage = language;
};

let refreshing: Promise<boolean> | null = null;
/** One refresh at a time: parallel 401s wait for the same rotation instead of burning the token twice. */
export function refreshTokens(): Promise<boolean> {
  if (!refreshing) {
    refreshing = (async () => {
      const refreshToken = tokenStore.refresh();
      if (!refreshToken) return false;
      try {
        const res = await fetch('/api/auth/refresh-token', {
          method: 'POST',
          headers: { [REFRESH_TOKEN_HEADER]: refreshToken },
        });
        if (!res.ok) return false;
        const body = (await res.json()) as { data: AuthTokens };
        tokenStore.set(body.data);
        return true;
      } catch {
        return false;
      }
    })().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  /**
   * Sent as `Idempotency-Key` on calls that charge or credit: the server acts once per key and replays
   * its first answer. Take it from an `IdempotentIntent` (./idempotency), one per user intent.
   */
  idempotencyKey?: string;
  /** Sign-in answers 401 for wrong credentials; that must not trigger a refresh. */
  skipRefresh?: boolean;
  /**
   * Raw bytes sent as the body with their own type (an upload to the media service), instead of JSON
   * `body`; a file of no known type goes as application/octet-stream.
   */
  file?: Blob;
}

function buildUrl(path: string, query?: RequestOptions['query']) {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

const networkError = () => new ApiError(0, 'NETWORK_ERROR', 'Something went wrong, please try again.', null);

/** Sends the call with the session's headers; a 401 refreshes the tokens once and sends it again. */
async function send(path: string, options: RequestOptions): Promise<Response> {
  const attempt = () => {
    const headers: Record<string, string> = { [LANGUAGE_HEADER]: currentLanguage, ...options.headers };
    const access = tokenStore.access();
    if (access) headers[ACCESS_TOKEN_HEADER] = access;
    if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;
    let body: BodyInit | undefined;
    if (options.file) {
      headers['content-type'] = options.file.type || 'application/octet-stream';
      body = options.file;
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    return fetch(buildUrl(path, options.query), { method: options.method ?? 'GET', headers, body });
  };
  let res: Response;
  try {
    res = await attempt();
  } catch {
    throw networkError();
  }
  if (res.status === 401 && !options.skipRefresh && tokenStore.refresh()) {
    if (await refreshTokens()) {
      res = await attempt();
    } else {
      tokenStore.clear();
      for (const l of signedOutListeners) l();
    }
  }
  if (redirectsToNotFound(options.method ?? 'GET', res.status, path)) for (const l of notFoundListeners) l();
  return res;
}

type Envelope<T> = { code: string; detail: string; data: T } | null;

const errorOf = (res: Response, body: Envelope<unknown>) =>
  new ApiError(
    res.status,
    body?.code ?? errorCodes.internal,
    body?.detail || 'Unexpected error occurred',
    body as ErrorEnvelope | null,
  );

/**
 * The panel's one HTTP client: envelope in, `data` out, ApiError otherwise; 401 → refresh → retry once;
 * a GET answering 404 outside platform.md §8's exceptions also tells `onNotFound` (./not-found).
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await send(path, options);
  const body = (await res.json().catch(() => null)) as Envelope<T>;
  if (!res.ok || !body || body.code !== 'OKAY') throw errorOf(res, body);
  return body.data;
}

/**
 * A file the API answers with as itself rather than in an envelope (an attachment): the same headers
 * and refresh as `api`, the bytes as a Blob, and a failure's envelope as the ApiError.
 */
export async function downloadBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const res = await send(path, options);
  if (res.ok) {
    try {
      return await res.blob();
    } catch {
      // The connection broke while the bytes were arriving.
      throw networkError();
    }
  }
  throw errorOf(res, (await res.json().catch(() => null)) as Envelope<unknown>);
}
