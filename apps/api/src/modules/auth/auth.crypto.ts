import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { argon2id, argon2Verify } from 'hash-wasm';

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

/**
 * argon2id at OWASP's baseline (19 MiB, 2 passes, 1 lane): strong, yet a burst of sign-ins does not
 * exhaust memory. WebAssembly rather than a native addon, so installs need no compiler and no prebuilt
 * binary that might not match the machine. Hashes are standard PHC strings ($argon2id$v=19$…).
 */
export const hashPassword = (password: string) =>
  argon2id({
    password,
    salt: randomBytes(16),
    iterations: 2,
    memorySize: 19_456,
    parallelism: 1,
    hashLength: 32,
    outputType: 'encoded',
  });

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2Verify({ password, hash });
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
