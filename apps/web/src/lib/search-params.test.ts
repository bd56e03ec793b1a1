import { describe, expect, it } from 'vitest';
import { readInvoicesSearch } from '../features/billing/search';
import { readCreationSearch } from '../features/instance-creation/search-params';
import { readInstanceListSearch } from '../features/instances/search';
import { readPaymentPrintSearch } from '../features/payments/search';
import {
  optionalBoolean,
  optionalDay,
  optionalIdList,
  optionalInt,
  optionalOneOf,
  optionalString,
} from './search-params';

describe('search-param readers', () => {
  it('keeps one of the list and drops anything else', () => {
    expect(optionalOneOf(['open', 'closed'], 'open')).toBe('open');
    expect(optionalOneOf(['open', 'closed'], 'made-up')).toBeUndefined();
    expect(optionalOneOf(['open', 'closed'], 1)).toBeUndefined();
  });

  it('reads whole numbers from numbers and text, within bounds', () => {
    expect(optionalInt(2)).toBe(2);
    expect(optionalInt('2')).toBe(2);
    expect(optionalInt(' 7 ')).toBe(7);
    for (const bad of [
      0,
      -1,
      1.5,
      '1.5',
      '',
      ' ',
      'abc',
      true,
      null,
      [3],
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ]) {
      expect(optionalInt(bad), String(bad)).toBeUndefined();
    }
    expect(optionalInt(128, { min: 1, max: 128 })).toBe(128);
    expect(optionalInt(129, { min: 1, max: 128 })).toBeUndefined();
  });

  it('keeps text up to its length, and a number the router parsed as its text', () => {
    expect(optionalString('abc')).toBe('abc');
    expect(optionalString(123)).toBe('123');
    expect(optionalString('x'.repeat(51), 50)).toBeUndefined();
    expect(optionalString({})).toBeUndefined();
  });

  it('reads booleans from true/false and their text only', () => {
    expect(optionalBoolean(true)).toBe(true);
    expect(optionalBoolean('true')).toBe(true);
    expect(optionalBoolean(false)).toBe(false);
    expect(optionalBoolean('false')).toBe(false);
    expect(optionalBoolean('yes')).toBeUndefined();
    expect(optionalBoolean(1)).toBeUndefined();
  });

  it('keeps days written YYYY-MM-DD', () => {
    expect(optionalDay('2026-01-31')).toBe('2026-01-31');
    expect(optionalDay('2026-1-31')).toBeUndefined();
    expect(optionalDay(20260131)).toBeUndefined();
  });

  it('reads id lists, leaving out items that are no ids', () => {
    expect(optionalIdList('1, 2,x,0,-3,4.5')).toEqual([1, 2]);
    expect(optionalIdList(5)).toEqual([5]);
    expect(optionalIdList({})).toBeUndefined();
  });
});

describe('route search params', () => {
  it('drops bad values of a list instead of failing the page', () => {
    expect(
      readInvoicesSearch({ status: 'open', interval: 'custom', from: '2026-01-01', to: 'soon', page: '3' }),
    ).toEqual({ status: 'open', interval: 'custom', from: '2026-01-01', to: undefined, page: 3 });
    expect(readInvoicesSearch({ status: 'nope', interval: 'weekly', page: 0 })).toEqual({});
  });

  it('keeps a valid IPv4 address, trimmed', () => {
    expect(readInstanceListSearch({ ipv4: ' 10.0.0.1 ' }).ipv4).toBe('10.0.0.1');
    expect(readInstanceListSearch({ ipv4: '999.1.1.1' }).ipv4).toBeUndefined();
  });

  it('reads the receipt download flag from true or "true"', () => {
    expect(readPaymentPrintSearch({ token: 'abc', download: 'true' })).toEqual({
      token: 'abc',
      download: true,
    });
    expect(readPaymentPrintSearch({ download: 'maybe' })).toEqual({});
  });

  it('coerces the creation preselection and drops what does not fit', () => {
    expect(
      readCreationSearch({ planType: 'gpu-provided', region: '2', ram: 256, features: '1,2', ipv4: 'false' }),
    ).toEqual({ planType: 'gpu-provided', region: 2, features: [1, 2], ipv4: false });
    expect(readCreationSearch({ planType: 'huge', osId: -1, tag: 'x'.repeat(51) })).toEqual({});
  });
});
