import { describe, expect, it } from 'vitest';
import { instance, preorderRow } from '../instances/instances.test-helpers';
import { hasLongStandingInstance } from './CsatPrompt';

const now = Date.parse('2026-11-27T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString();

describe('hasLongStandingInstance', () => {
  it('is true once the oldest instance is more than 30 days old', () => {
    expect(hasLongStandingInstance([instance(1, { insertedAt: daysAgo(2) })], now)).toBe(false);
    expect(hasLongStandingInstance([instance(1, { insertedAt: daysAgo(30) })], now)).toBe(false);
    expect(
      hasLongStandingInstance(
        [instance(2, { insertedAt: daysAgo(3) }), instance(1, { insertedAt: daysAgo(31) })],
        now,
      ),
    ).toBe(true);
    expect(hasLongStandingInstance([], now)).toBe(false);
  });

  it('does not count a GPU preorder, which has no server yet', () => {
    expect(hasLongStandingInstance([{ ...preorderRow(9, daysAgo(-5)), insertedAt: daysAgo(60) }], now)).toBe(
      false,
    );
  });
});
