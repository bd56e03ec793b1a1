// The zod-free part of ssh-keys.ts (zod-free.test.ts): the panel loads it without zod.

// A global in browsers and in Node.js 16+; the contract compiles without DOM types.
declare function atob(data: string): string;

/** SSH keys (platform.md §2 SSH keys page, §3 SSH key, §5, §8, §9). */

export const SSH_KEY_NAME_MAX = 255;
/** The table shows 10 keys a page, each key as its first and last 30 characters. */
export const SSH_KEYS_PAGE_SIZE = 10;
export const SSH_KEY_PREVIEW_CHARS = 30;
/** The delete dialog names the key, cut at 30 characters. */
export const SSH_KEY_DIALOG_NAME_CHARS = 30;
export const RSA_MIN_BITS = 2048;

export const sshKeyTypes = [
  'ssh-ed25519',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'ssh-rsa',
] as const;
export type SshKeyType = (typeof sshKeyTypes)[number];

export interface ParsedPublicKey {
  type: SshKeyType;
  /** Key size: 256 for ed25519, the curve size for ECDSA, the modulus length for RSA. */
  bits: number;
  /** The base64 blob, exactly as given. */
  blob: string;
  comment: string;
}

export type PublicKeyProblem = 'format' | 'type' | 'rsaTooShort';

/** Reads the length-prefixed strings of an SSH wire-format blob. */
function wireStrings(bytes: Uint8Array): Uint8Array[] | null {
  const parts: Uint8Array[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (at + 4 > bytes.length) return null;
    const length =
      ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
    at += 4;
    if (at + length > bytes.length) return null;
    parts.push(bytes.subarray(at, at + length));
    at += length;
  }
  return parts;
}

function base64Bytes(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  try {
    const binary = atob(text);
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

const ascii = (bytes: Uint8Array) => String.fromCharCode(...bytes);

/** Bit length of an SSH mpint (big-endian, possibly with a leading zero byte). */
function mpintBits(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length && bytes[i] === 0) i++;
  if (i === bytes.length) return 0;
  return (bytes.length - i - 1) * 8 + (32 - Math.clz32(bytes[i]!));
}

const curveBits: Record<string, number> = { nistp256: 256, nistp384: 384, nistp521: 521 };

/**
 * Parses one OpenSSH public key line ("ssh-ed25519 AAAA… comment"): the declared type must match the
 * blob's, the blob must be well formed, and RSA keys need at least 2048 bits.
 */
export function parseOpenSshPublicKey(text: string): ParsedPublicKey | { problem: PublicKeyProblem } {
  const [type = '', blob = '', ...rest] = text.trim().split(/\s+/);
  if (!(sshKeyTypes as readonly string[]).includes(type)) {
    return { problem: /^(ssh|ecdsa|sk)-/.test(type) ? 'type' : 'format' };
  }
  const bytes = base64Bytes(blob);
  const parts = bytes && wireStrings(bytes);
  if (!parts || parts.length < 2 || ascii(parts[0]!) !== type) return { problem: 'format' };
  let bits: number;
  if (type === 'ssh-ed25519') {
    if (parts.length !== 2 || parts[1]!.length !== 32) return { problem: 'format' };
    bits = 256;
  } else if (type === 'ssh-rsa') {
    if (parts.length !== 3) return { problem: 'format' };
    bits = mpintBits(parts[2]!);
    if (bits < RSA_MIN_BITS) return { problem: 'rsaTooShort' };
  } else {
    const curve = type.slice('ecdsa-sha2-'.length);
    if (parts.length !== 3 || ascii(parts[1]!) !== curve || parts[2]!.length === 0)
      return { problem: 'format' };
    bits = curveBits[curve] ?? 0;
  }
  return { type: type as SshKeyType, bits, blob, comment: rest.join(' ') };
}

/** The key as it is stored and shown: type and blob (and the comment) on one line, trimmed. */
export const normalizePublicKey = (key: ParsedPublicKey) =>
  [key.type, key.blob, key.comment].filter(Boolean).join(' ');

export const sshKeyErrorCodes = {
  nameExists: 'SSH_KEY_NAME_EXISTS',
  keyExists: 'SSH_KEY_EXISTS',
} as const;

/** "ssh-ed25519 AAAAC3Nz…" → its first and last `chars` characters around an ellipsis. */
export function previewKey(key: string, chars = SSH_KEY_PREVIEW_CHARS): string {
  return key.length <= chars * 2 + 1 ? key : `${key.slice(0, chars)}…${key.slice(-chars)}`;
}
