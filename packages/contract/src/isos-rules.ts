/** Custom ISO rules (instances.md §4 "ISO import", §9 constants), shared by the import form and the server. */

export const isoStatuses = ['DOWNLOADING', 'READY', 'FAILED'] as const;
export type IsoStatus = (typeof isoStatuses)[number];

/** Why an import failed, as the panel explains it. */
export const isoFailures = [
  /** The address answered 404 or is not an ISO 9660 image. */
  'invalid-file',
  /** The file grew past the limit while it was downloaded. */
  'too-large',
  /** The address could not be reached or stopped answering; retried downloads gave up. */
  'unreachable',
  /** The address (or a redirect) leads to a private, loopback or link-local network. */
  'blocked-address',
] as const;
export type IsoFailure = (typeof isoFailures)[number];

/** "Size at most 10 GB" (binary gigabytes: what a disk image's size is counted in). */
export const ISO_MAX_BYTES = 10 * 1024 ** 3;
export const ISO_NAME_MAX_LENGTH = 30;
/** "Only one custom ISO per user." */
export const ISO_PER_CUSTOMER = 1;
/** While an import downloads and the event stream is down, the panel asks again this often (§9: 2 s). */
export const ISO_POLL_MS = 2000;
/** ISOs are not stored: 48 hours after it is ready the image is removed and ejected. */
export const ISO_KEEP_HOURS = 48;

export const isoErrorCodes = {
  /** A second import while one exists (409): remove the existing one first. */
  limitReached: 'ISO_LIMIT_REACHED',
  /** HEAD said the file is larger than ISO_MAX_BYTES (400). */
  tooLarge: 'ISO_TOO_LARGE',
  /** The address does not lead to a file (404 at the source). */
  invalidFile: 'INVALID_ISO_FILE',
  /** The address leads to a private or local network (400). */
  blockedAddress: 'ISO_ADDRESS_NOT_ALLOWED',
  /** The address could not be reached to read the size (400). */
  unreachable: 'ISO_UNREACHABLE',
  /** Delete while an instance has it attached (406, as the spec's panel expects). */
  attached: 'ISO_ATTACHED',
  /** Used at creation before it is READY (409). */
  notReady: 'ISO_NOT_READY',
} as const;

/** https, a host name or bracketed IPv6 (no user info), an optional port, a path, then query and fragment. */
const HTTPS_URL =
  /^https:\/\/([a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(:\d{1,5})?(\/[^?#]*)(\?[^#]*)?(#.*)?$/i;

/** Printable ASCII only ("english only": no Arabic, Persian or other scripts). */
const ENGLISH_ONLY = /^[\x20-\x7E]*$/;

/** The i18n key (common namespace) of what is wrong with an ISO's name, or null. */
export function isoNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'validation.required';
  if (trimmed.length > ISO_NAME_MAX_LENGTH) return 'validation.iso.nameTooLong';
  if (!ENGLISH_ONLY.test(trimmed)) return 'validation.iso.englishOnly';
  return null;
}

/**
 * The i18n key of what is wrong with an import address, or null: an https URL with English characters
 * only whose path ends in `.iso` (any case). Whether it is public is the server's check.
 */
export function isoUrlProblem(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '') return 'validation.required';
  if (!ENGLISH_ONLY.test(trimmed) || /\s/.test(trimmed)) return 'validation.iso.url';
  const parts = HTTPS_URL.exec(trimmed);
  if (!parts || !parts[3]!.toLowerCase().endsWith('.iso')) return 'validation.iso.url';
  return null;
}

/** Bytes as GB with two decimals for the panel ("ISO size bytes to GB"). */
export const isoSizeGb = (bytes: number) => Math.round((bytes / 1024 ** 3) * 100) / 100;
