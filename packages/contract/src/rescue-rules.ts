// The zod-free part of rescue.ts (zod-free.test.ts): the panel loads it without zod.

/** Rescue passwords (instances.md §5): at least 8 characters with a lowercase, an uppercase and a digit. */
export const RESCUE_PASSWORD_MIN_LENGTH = 8;
export const RESCUE_PASSWORD_MAX_LENGTH = 128;
/** Length of a generated rescue password (instances.md §5). */
export const GENERATED_RESCUE_PASSWORD_LENGTH = 8;

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';

/** The first rule a (trimmed) rescue password breaks, as a `validation.*` key, or null when it is valid. */
export function rescuePasswordProblem(password: string): string | null {
  if (password === '') return 'validation.required';
  if (password.length < RESCUE_PASSWORD_MIN_LENGTH) return 'validation.password.minLength';
  if (password.length > RESCUE_PASSWORD_MAX_LENGTH) return 'validation.password.maxLength';
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password))
    return 'validation.rescuePassword.classes';
  return null;
}

/** Web Crypto, which browsers and Node ≥ 19 both have as a global (the contract is typed without either). */
const webCrypto = (globalThis as unknown as { crypto: { getRandomValues(array: Uint32Array): Uint32Array } })
  .crypto;

/** A uniform random index below `n`, from the platform's cryptographic source (browser and Node alike). */
function randomIndex(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buffer = new Uint32Array(1);
  for (;;) {
    webCrypto.getRandomValues(buffer);
    if (buffer[0]! < limit) return buffer[0]! % n;
  }
}

/**
 * A generated rescue password (instances.md §5): one lowercase, one uppercase and one digit, five more
 * from all three, shuffled, so it always passes `rescuePasswordProblem`.
 */
export function generateRescuePassword(): string {
  const all = LOWER + UPPER + DIGITS;
  const chars = [LOWER, UPPER, DIGITS].map((set) => set[randomIndex(set.length)]!);
  while (chars.length < GENERATED_RESCUE_PASSWORD_LENGTH) chars.push(all[randomIndex(all.length)]!);
  // Fisher–Yates, so the guaranteed classes are not always in front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
