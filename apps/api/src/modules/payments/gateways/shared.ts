import { timingSafeEqual } from 'node:crypto';

/** Small pieces the real adapters share. */

/** Compares a received signature with the expected one without leaking where they differ. */
export function sameSignature(received: string, expected: string): boolean {
  const a = Buffer.from(received);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Our payment id as a gateway echoes it back (metadata, custom id): "42" or 42; anything else is null. */
export function paymentIdFrom(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}
