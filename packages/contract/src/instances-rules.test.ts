import { describe, expect, it } from 'vitest';
import { windowsTrialDays } from './instances-rules';

describe('Windows trial badge (instances.md §9)', () => {
  it('gives 90 days for Windows 10 and 11, 180 for other Windows, none for other families', () => {
    expect(windowsTrialDays('windows', '11 Pro')).toBe(90);
    expect(windowsTrialDays('windows', '10 Pro')).toBe(90);
    expect(windowsTrialDays('windows', 'Server 2022 Standard')).toBe(180);
    expect(windowsTrialDays('windows', 'Server 2025 Standard')).toBe(180);
    expect(windowsTrialDays('ubuntu', '24.04 LTS')).toBeNull();
  });
});
