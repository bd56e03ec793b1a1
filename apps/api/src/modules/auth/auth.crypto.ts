import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';

/** Tokens handed to a browser or mailed: 32 random bytes, URL-safe. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Six digits, leading zeros kept. */
export const randomCode = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** Stored form of tokens and codes: a leaked table gives nothing to present. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** OWASP's argon2id baseline (19 MiB, 2 passes): strong, yet a burst of sign-ins does not exhaust memory. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, ARGON2_OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;
/** Spends the same time as a real check, so an unknown email answers as slowly as a wrong password. */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomToken());
  await verifyPassword(await dummyHash, password);
  return false;
}
