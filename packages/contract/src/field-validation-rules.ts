// The zod-free part of field-validation.ts (zod-free.test.ts): the panel loads it without zod.

/**
 * Validation messages are i18n keys (`validation.*`): the panel translates them,
 * the API puts the English text of `validationMessages` in `detail`.
 */
export const validationMessages = {
  'validation.required': 'This field is required.',
  'validation.invalid': 'This value is not valid.',
  'validation.email.invalid': 'Enter a valid email address.',
  'validation.email.tooLong': 'The email address must be at most 254 characters.',
  'validation.email.banned': 'Email addresses of this domain are not accepted.',
  'validation.email.inUse': 'This email address is already used by another account.',
  'validation.email.same': 'This is already your email address.',
  'validation.password.minLength': 'The password must be at least 8 characters long.',
  'validation.password.maxLength': 'The password must be at most 128 characters long.',
  'validation.password.letter': 'The password must contain an English letter.',
  'validation.password.special': 'The password must contain a special character.',
  'validation.password.mismatch': 'The passwords do not match.',
  'validation.password.sameAsOld': 'The new password must differ from the current one.',
  'validation.password.wrongCurrent': 'The current password is not correct.',
  'validation.rescuePassword.classes':
    'The password must contain a lowercase letter, an uppercase letter and a digit.',
  'validation.fullname.required': 'Enter your full name.',
  'validation.fullname.tooLong': 'The name must be at most 100 characters.',
  'validation.phone.invalid': 'Enter a valid phone number in international format, e.g. +14155550123.',
  'validation.hostname.required': 'Enter a hostname.',
  'validation.hostname.tooLong': 'The hostname must be at most 62 characters.',
  'validation.hostname.spaces': 'The hostname cannot contain spaces.',
  'validation.hostname.invalid':
    'Use letters, digits, hyphens, underscores and single dots; start with a letter or digit and do not end with a dot.',
  'validation.code.invalid': 'Enter the 6-digit code from the email.',
  'validation.text.tooLong': 'This text is too long.',
  'validation.text.invalidCharacters': 'This text contains characters that are not allowed.',
  'validation.money.invalid': 'Enter a valid amount.',
  'validation.date.invalid': 'Enter a valid date.',
  'validation.date.rangeRequired': 'Choose both a start and an end date.',
  'validation.date.toBeforeFrom': 'The end date cannot be before the start date.',
  'validation.payment.amountRequired': 'Enter an amount.',
  'validation.payment.tooSmall': 'The minimum payment is $2.00.',
  'validation.payment.tooLarge': 'A payment must be under $1,000,000.',
  'validation.autoRecharge.option': 'Choose one of the offered amounts.',
  'validation.reason.required': 'Tell us why, in a few words.',
  'validation.sshKey.nameRequired': 'Enter a name for the key.',
  'validation.sshKey.nameTooLong': 'The name must be at most 255 characters.',
  'validation.sshKey.nameExists': 'You already have a key with this name.',
  'validation.sshKey.keyRequired': 'Paste the public key.',
  'validation.sshKey.format':
    'This is not an OpenSSH public key. Paste the one line of your .pub file, e.g. "ssh-ed25519 AAAA… you@laptop".',
  'validation.sshKey.type': 'Use an Ed25519, ECDSA or RSA key.',
  'validation.sshKey.rsaTooShort': 'RSA keys need at least 2048 bits.',
  'validation.instances.quantity': 'You can order at most 10 instances at once.',
  'validation.instances.network': 'Choose IPv4, IPv6 or both.',
  'validation.instances.hostnamesUnique': 'Give each instance its own hostname.',
  'validation.ip.invalid': 'Enter a valid IPv4 address, e.g. 192.0.2.10.',
  'validation.ticket.subjectMin': 'The subject must be at least 4 characters long.',
  'validation.ticket.subjectMax': 'The subject must be at most 120 characters long.',
  'validation.ticket.messageMin': 'The message must be at least 15 characters long.',
  'validation.ticket.messageMax': 'The message must be at most 10,000 characters long.',
  'validation.ticket.cardNumber':
    'Never send a payment card number in a ticket. Remove it; we never need it to help you.',
  'validation.survey.reasonRequired': 'Tell us in a few words what went wrong.',
  'validation.ticket.attachments': 'Attach at most 5 files to one message.',
  'validation.terms.required': 'Accept the Terms of Service and the Acceptable Use Policy to continue.',
} as const;
export type ValidationMessageKey = keyof typeof validationMessages;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The domain part of an address, lower-cased; used for the banned-domain rule. */
export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** True when the address's domain, or a parent domain of it, is banned. */
export function isBannedEmailDomain(email: string, banned: readonly string[]): boolean {
  const domain = emailDomain(email);
  return banned.some((b) => {
    const d = b.trim().toLowerCase();
    return d.length > 0 && (domain === d || domain.endsWith(`.${d}`));
  });
}

export const PASSWORD_MIN_LENGTH = 8;

export const HOSTNAME_MAX_LENGTH = 62;
const HOSTNAME_LABEL = /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/;
const HOSTNAME_LABEL_ANY_START = /^[A-Za-z0-9_-]{1,63}$/;

/** Returns the message key of the first broken hostname rule, or null when valid. */
export function hostnameProblem(value: string): ValidationMessageKey | null {
  if (value.length === 0) return 'validation.hostname.required';
  if (/\s/.test(value)) return 'validation.hostname.spaces';
  if (value.length > HOSTNAME_MAX_LENGTH) return 'validation.hostname.tooLong';
  const labels = value.split('.');
  const [first = '', ...rest] = labels;
  if (!HOSTNAME_LABEL.test(first)) return 'validation.hostname.invalid';
  if (rest.some((label) => !HOSTNAME_LABEL_ANY_START.test(label))) return 'validation.hostname.invalid';
  return null;
}
export const isValidHostname = (value: string) => hostnameProblem(value) === null;

/** Each octet 0–255, no leading garbage; empty counts as "no filter". */
export const isValidIpv4 = (value: string) =>
  /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(value);

/** English text for a message key, for API `detail` fields. */
export const messageText = (key: string): string =>
  (validationMessages as Record<string, string>)[key] ?? key;
