import { describe, expect, it } from 'vitest';
import { limitReached, quantityOptions } from './add-options';

const limits = { maxActive: 5, active: 2, maxPerMonth: 30, createdThisMonth: 4 };
const enabled = (options: { value: number; disabled: boolean }[]) =>
  options.filter((o) => !o.disabled).map((o) => o.value);

describe('the add-new section (platform.md §6)', () => {
  it('offers 1 up to the maximum active, disabling quantities above the slots left', () => {
    const options = quantityOptions(limits);
    expect(options.map((o) => o.value)).toEqual([1, 2, 3, 4, 5]);
    expect(enabled(options)).toEqual([1, 2, 3]);
  });

  it('lets the monthly limit narrow the choice when it leaves fewer slots', () => {
    expect(enabled(quantityOptions({ ...limits, createdThisMonth: 29 }))).toEqual([1]);
    expect(enabled(quantityOptions({ ...limits, createdThisMonth: 30 }))).toEqual([]);
  });

  it('names the limit that stops a purchase', () => {
    expect(limitReached(limits)).toBeNull();
    expect(limitReached({ ...limits, active: 5 })).toBe('active');
    expect(limitReached({ ...limits, createdThisMonth: 30 })).toBe('month');
  });
});
