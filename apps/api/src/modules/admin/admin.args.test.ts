import { describe, expect, it } from 'vitest';
import { parseAdminArgs, parseAmount, usage } from './admin.args';
import { UsageError } from './admin.errors';

const parse = (line: string[]) => parseAdminArgs(line);
const mistake = (line: string[]) => {
  try {
    parseAdminArgs(line);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${line.join(' ')}`);
};

describe('operator command line', () => {
  it('shows help without arguments, for help and for --help', () => {
    expect(parse([])).toEqual({ name: 'help' });
    expect(parse(['help'])).toEqual({ name: 'help' });
    expect(parse(['credit', '--help'])).toEqual({ name: 'help' });
    for (const command of [
      'credit add',
      'credit remove',
      'kyc approve',
      'kyc reject',
      'account suspend',
      'account unsuspend',
      'billing run-hourly',
      'billing reconcile',
    ]) {
      expect(usage).toContain(command);
    }
  });

  it('reads credit adjustments with their reason and optional key', () => {
    expect(parse(['credit', 'add', 'ada@example.com', '10', '--reason', 'Goodwill for the outage'])).toEqual({
      name: 'credit',
      direction: 'add',
      customer: 'ada@example.com',
      amount: 10_000_000,
      reason: 'Goodwill for the outage',
      key: undefined,
    });
    expect(parse(['credit', 'remove', '42', '0.000001', '--reason=typo', '--key', 'ticket-7'])).toMatchObject(
      {
        direction: 'remove',
        customer: '42',
        amount: 1,
        reason: 'typo',
        key: 'ticket-7',
      },
    );
  });

  it('parses amounts as micros without floating point', () => {
    expect(parseAmount('2.5')).toBe(2_500_000);
    expect(parseAmount('0.1')).toBe(100_000);
    expect(parseAmount('123456789.123456')).toBe(123_456_789_123_456);
  });

  it('refuses bad amounts, a missing reason and stray options', () => {
    expect(mistake(['credit', 'add', 'a@b.c', 'ten', '--reason', 'x'])).toMatch(/not an amount/);
    expect(mistake(['credit', 'add', 'a@b.c', '1.0000001', '--reason', 'x'])).toMatch(/not an amount/);
    expect(mistake(['credit', 'add', 'a@b.c', '1,000', '--reason', 'x'])).toMatch(/not an amount/);
    expect(mistake(['credit', 'add', 'a@b.c', '0', '--reason', 'x'])).toMatch(/more than zero/);
    expect(mistake(['credit', 'add', 'a@b.c', '-5', '--reason', 'x'])).toMatch(/credit remove/);
    expect(mistake(['credit', 'add', 'a@b.c', '99999999999', '--reason', 'x'])).toMatch(/too large/);
    expect(mistake(['credit', 'add', 'a@b.c', '5'])).toMatch(/needs --reason/);
    expect(mistake(['credit', 'add', 'a@b.c', '5', '--reason', '  '])).toMatch(/needs --reason/);
    expect(mistake(['credit', 'add', 'a@b.c', '5', '--reason'])).toMatch(/argument missing/);
    expect(mistake(['credit', 'add', 'a@b.c', '--reason', 'x'])).toMatch(
      /Usage: credit add <customer> <amount>/,
    );
    expect(mistake(['kyc', 'approve', 'a@b.c', '--reason', 'x'])).toMatch(/has no --reason/);
    expect(mistake(['account', 'suspend', 'a@b.c', '--key', 'k'])).toMatch(/has no --key/);
    expect(mistake(['credit', 'add', 'a@b.c', '5', '--reason', 'x', '--force'])).toMatch(/Unknown option/);
  });

  it('reads the other commands and names unknown ones', () => {
    expect(parse(['kyc', 'approve', '7'])).toEqual({ name: 'kyc', decision: 'approved', customer: '7' });
    expect(parse(['kyc', 'reject', '7'])).toEqual({ name: 'kyc', decision: 'rejected', customer: '7' });
    expect(parse(['account', 'suspend', '7', '--reason', 'chargebacks'])).toEqual({
      name: 'suspend',
      customer: '7',
      reason: 'chargebacks',
    });
    expect(parse(['account', 'unsuspend', '7'])).toEqual({ name: 'unsuspend', customer: '7' });
    expect(parse(['billing', 'run-hourly'])).toEqual({ name: 'run-hourly' });
    expect(parse(['billing', 'reconcile'])).toEqual({ name: 'reconcile' });
    expect(mistake(['billing', 'reconcile', 'now'])).toMatch(/Usage: billing reconcile$/);
    expect(mistake(['kyc', 'approve'])).toMatch(/Usage: kyc approve <customer>/);
    expect(mistake(['credit'])).toMatch(/Unknown command "credit"/);
    expect(mistake(['refund', 'all'])).toMatch(/Unknown command "refund all"/);
  });
});
