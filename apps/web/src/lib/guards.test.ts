import { describe, expect, it } from 'vitest';
import { validInterval } from '../components/filters';
import { intervalProblems } from '../components/filters/filter-model';
import { isDeletionResults } from '../features/instances/deletion/deletion-queue';
import { isCreationResults } from '../features/instances/pending/creation-results';
import { isServerEvent } from '../features/live-updates/live-connection';
import { isArrayOf, isId } from './guards';

const refund = {
  instanceId: 7,
  hostname: 'web-1',
  billingCycle: 'monthly',
  refundable: true,
  refundAmount: '12.50',
  unusedDays: 10,
  cycleEnd: null,
};
const result = { hostname: 'web-1', code: 'CREATED', detail: '', instanceId: 7, password: 'secret' };

describe('type guards', () => {
  it('bounds ids and arrays', () => {
    expect(isId(1)).toBe(true);
    expect(isId(0) || isId(1.5) || isId('1') || isId(2_147_483_648)).toBe(false);
    expect(isArrayOf([1, 2], isId, { max: 2 })).toBe(true);
    expect(isArrayOf([1, 2, 3], isId, { max: 2 })).toBe(false);
    expect(isArrayOf([], isId, { min: 1 })).toBe(false);
  });

  it('accepts change events of known topics only', () => {
    expect(isServerEvent({ topics: ['balance', 'instances'] })).toBe(true);
    for (const bad of [
      null,
      'balance',
      {},
      { topics: [] },
      { topics: ['balance', 'weather'] },
      { topics: 'balance' },
    ]) {
      expect(isServerEvent(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('accepts the deletion results the page keeps, nothing else', () => {
    expect(isDeletionResults({ deleted: [refund], failed: ['db-1'] })).toBe(true);
    expect(isDeletionResults({ deleted: [{ ...refund, refundAmount: 'lots' }], failed: [] })).toBe(false);
    expect(isDeletionResults({ deleted: [], failed: ['x'.repeat(301)] })).toBe(false);
    expect(isDeletionResults([])).toBe(false);
  });

  it('accepts the creation results the pending pages read, nothing else', () => {
    expect(isCreationResults({ kind: 'instances', results: [result] })).toBe(true);
    expect(isCreationResults({ kind: 'instances', results: [] })).toBe(false);
    expect(isCreationResults({ kind: 'instances', results: [{ ...result, code: 'MAYBE' }] })).toBe(false);
    expect(isCreationResults({ kind: 'preorders', preorders: [{ id: 1 }] })).toBe(false);
    expect(isCreationResults({ kind: 'other' })).toBe(false);
  });
});

describe('interval rules without a schema', () => {
  it('words the first problem of each day as the contract schema does', () => {
    expect(intervalProblems({ interval: 'custom', from: '2026-02-30', to: '2026-01-01' })).toEqual({
      from: 'validation.date.invalid',
      to: 'validation.date.toBeforeFrom',
    });
    expect(intervalProblems({ interval: 'custom', to: '2026-01-01' })).toEqual({
      from: 'validation.date.rangeRequired',
    });
    expect(intervalProblems({ interval: 'custom', from: '2026-01-01', to: '2026-01-31' })).toEqual({});
  });

  it('counts a bad or reversed range as no filter', () => {
    expect(validInterval({ interval: 'custom', from: '2026-01-01', to: '2026-01-31' })).toEqual({
      interval: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(validInterval({ interval: 'last6Months' })).toEqual({ interval: 'last6Months' });
    expect(validInterval({ interval: 'custom', from: '2026-03-01', to: '2026-01-01' })).toBeNull();
    expect(validInterval({ interval: 'weekly' })).toBeNull();
    expect(validInterval({})).toBeNull();
  });
});
