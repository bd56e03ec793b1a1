import { describe, expect, it } from 'vitest';
import { emailSchema, passwordSchema } from './field-validation';
import { hostnameProblem, isBannedEmailDomain, isValidIpv4 } from './field-validation-rules';
import { phoneSchema } from './profile';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('password rule', () => {
  it('needs 8 characters, an English letter and a special character', () => {
    expect(passwordSchema.safeParse('abc!def1').success).toBe(true);
    expect(messages(passwordSchema.safeParse('ab!1'))).toContain('validation.password.minLength');
    expect(messages(passwordSchema.safeParse('12345678!'))).toContain('validation.password.letter');
    expect(messages(passwordSchema.safeParse('abcdefgh1'))).toContain('validation.password.special');
    // Non-English letters do not count as the required English letter.
    expect(messages(passwordSchema.safeParse('пароль!!1'))).toContain('validation.password.letter');
  });
});

describe('email rule', () => {
  it('accepts a loose address and normalises it', () => {
    expect(emailSchema.parse('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
  });
  it('rejects addresses without a domain dot, spaces or at sign', () => {
    for (const bad of ['jane', 'jane@example', 'ja ne@example.com', '@example.com', '']) {
      expect(emailSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
  it('bans configured domains and their subdomains only', () => {
    const banned = ['mailinator.com'];
    expect(isBannedEmailDomain('a@mailinator.com', banned)).toBe(true);
    expect(isBannedEmailDomain('a@eu.mailinator.com', banned)).toBe(true);
    expect(isBannedEmailDomain('a@notmailinator.com', banned)).toBe(false);
  });
});

describe('phone rule', () => {
  it('accepts real numbers in international format', () => {
    expect(phoneSchema.safeParse('+14155552671').success).toBe(true);
    expect(phoneSchema.safeParse('+44 20 7946 0958').success).toBe(true);
  });
  it('rejects numbers that cannot exist', () => {
    expect(phoneSchema.safeParse('+1415').success).toBe(false);
    expect(phoneSchema.safeParse('4155552671').success).toBe(false);
    expect(phoneSchema.safeParse('+999123456789').success).toBe(false);
  });
});

describe('hostname rule', () => {
  it('accepts labels of letters, digits, hyphens and underscores joined by single dots', () => {
    for (const ok of ['web-1', 'db_main.example', 'a', 'node1.eu-west.example.com']) {
      expect(hostnameProblem(ok), ok).toBeNull();
    }
  });
  it('names the broken rule', () => {
    expect(hostnameProblem('')).toBe('validation.hostname.required');
    expect(hostnameProblem('my host')).toBe('validation.hostname.spaces');
    expect(hostnameProblem('a'.repeat(63))).toBe('validation.hostname.tooLong');
    expect(hostnameProblem('-web')).toBe('validation.hostname.invalid');
    expect(hostnameProblem('.web')).toBe('validation.hostname.invalid');
    expect(hostnameProblem('web.')).toBe('validation.hostname.invalid');
    expect(hostnameProblem('web..example')).toBe('validation.hostname.invalid');
    expect(hostnameProblem('wéb')).toBe('validation.hostname.invalid');
  });
  it('allows exactly 62 characters', () => {
    expect(hostnameProblem('a'.repeat(62))).toBeNull();
  });
});

describe('IPv4 search rule', () => {
  it('accepts octets 0 to 255 only', () => {
    expect(isValidIpv4('192.168.0.1')).toBe(true);
    expect(isValidIpv4('255.255.255.255')).toBe(true);
    expect(isValidIpv4('256.1.1.1')).toBe(false);
    expect(isValidIpv4('1.1.1')).toBe(false);
    expect(isValidIpv4('01.1.1.1')).toBe(false);
  });
});
