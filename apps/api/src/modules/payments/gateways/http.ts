import type { GatewayName } from '@nimbus/contract';
import { GatewayRequestError } from './gateway';

/** Plain JSON calls to the gateways that have no SDK here (PayPal, Cryptomus, BTCPay). */

const TIMEOUT_MS = 30_000;

export interface GatewayCall {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface GatewayResponse {
  status: number;
  /** Parsed JSON; the raw text when it is not JSON; null when empty. */
  body: unknown;
}

/** Any HTTP status comes back to the caller; only an unreachable gateway throws. */
export async function fetchGateway(
  gateway: GatewayName,
  url: string,
  call: GatewayCall,
): Promise<GatewayResponse> {
  try {
    const response = await fetch(url, { ...call, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await response.text();
    return { status: response.status, body: parseBody(text) };
  } catch (err) {
    throw new GatewayRequestError(gateway, `${call.method} ${pathOf(url)} failed: ${(err as Error).message}`);
  }
}

/** Like fetchGateway, but a status other than 2xx throws GatewayRequestError. */
export async function fetchGatewayOk(gateway: GatewayName, url: string, call: GatewayCall): Promise<unknown> {
  const response = await fetchGateway(gateway, url, call);
  if (!isOk(response.status)) throw answeredError(gateway, url, call.method, response);
  return response.body;
}

export const isOk = (status: number) => status >= 200 && status < 300;

export function answeredError(gateway: GatewayName, url: string, method: string, response: GatewayResponse) {
  const detail = errorDetail(response.body);
  return new GatewayRequestError(
    gateway,
    `${method} ${pathOf(url)} answered ${response.status}${detail ? `: ${detail}` : ''}`,
    response.status,
  );
}

/** Header lookup that does not depend on how the web framework cased the names. */
export function headerOf(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const direct = headers[wanted];
  if (direct !== undefined) return direct;
  return Object.entries(headers).find(([key]) => key.toLowerCase() === wanted)?.[1];
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// Only the path: query strings and hosts stay out of error messages and logs.
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function errorDetail(body: unknown): string {
  if (typeof body === 'string') return body.slice(0, 200);
  if (!body || typeof body !== 'object') return '';
  const record = body as Record<string, unknown>;
  const parts = [record.name, record.code, record.message, record.error].filter((v) => typeof v === 'string');
  return parts.join(' ').slice(0, 300);
}
