import { INSTANCE_DETAIL_POLL_MS } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { instance } from './instance-detail.test-helpers';
import {
  consoleEnabled,
  detailRefetchInterval,
  detailRetry,
  hostnameSaveDisabled,
  powerAction,
  resetPasswordDisabled,
  showsSuspendedBanner,
  truncateSshKey,
} from './instance-rules';

const apiError = (status: number) => new ApiError(status, 'X', 'x', null);

describe('instance rules', () => {
  it('polls every 3 s until the instance is stable or loading it failed', () => {
    expect(detailRefetchInterval(undefined)).toBe(INSTANCE_DETAIL_POLL_MS);
    expect(detailRefetchInterval(instance({ status: 'preparing_disk' }))).toBe(3000);
    expect(detailRefetchInterval(instance({ status: 'taking_snapshot' }))).toBe(3000);
    for (const status of ['active', 'shutdown', 'suspended', 'rescue'] as const) {
      expect(detailRefetchInterval(instance({ status }))).toBe(false);
    }
    expect(detailRefetchInterval(undefined, true)).toBe(false);
    expect(detailRefetchInterval(instance({ status: 'preparing_disk' }), true)).toBe(false);
  });

  it('retries a 500 five times and nothing else', () => {
    expect([0, 1, 2, 3, 4].map((n) => detailRetry(n, apiError(500)))).toEqual([true, true, true, true, true]);
    expect(detailRetry(5, apiError(500))).toBe(false);
    expect(detailRetry(0, apiError(404))).toBe(false);
    expect(detailRetry(0, new Error('parse'))).toBe(false);
  });

  it('offers power off for an active instance and power on otherwise', () => {
    expect(powerAction(instance({ status: 'active' }))).toBe('poweroff');
    expect(powerAction(instance({ status: 'rescue' }))).toBe('poweroff');
    expect(powerAction(instance({ status: 'shutdown' }))).toBe('poweron');
    expect(powerAction(instance({ status: 'suspended' }))).toBe('poweron');
  });

  it('enables the console only when active or in rescue', () => {
    expect(consoleEnabled(instance({ status: 'active' }))).toBe(true);
    expect(consoleEnabled(instance({ status: 'rescue' }))).toBe(true);
    expect(consoleEnabled(instance({ status: 'shutdown' }))).toBe(false);
  });

  it('disables reset password for mikrotik, rescue, snapshot pending and changing', () => {
    expect(resetPasswordDisabled(instance())).toBe(false);
    expect(resetPasswordDisabled(instance({ os: { id: 1, name: 'RouterOS', family: 'mikrotik' } }))).toBe(
      true,
    );
    expect(resetPasswordDisabled(instance({ status: 'rescue' }))).toBe(true);
    expect(resetPasswordDisabled(instance({ status: 'taking_snapshot' }))).toBe(true);
    expect(resetPasswordDisabled(instance({ status: 'spawning_qemu' }))).toBe(true);
  });

  it('disables hostname save when unchanged, empty or invalid', () => {
    expect(hostnameSaveDisabled('web-1', 'web-1', null)).toBe(true);
    expect(hostnameSaveDisabled('web-1', '', 'validation.hostname.required')).toBe(true);
    expect(hostnameSaveDisabled('web-1', '-web', 'validation.hostname.invalid')).toBe(true);
    expect(hostnameSaveDisabled('web-1', 'web-2', null)).toBe(false);
  });

  it('shortens SSH keys to their first and last characters', () => {
    const key = `ssh-ed25519 ${'A'.repeat(120)}Z`;
    const small = truncateSshKey(key, 20);
    expect(small).toBe(`${key.slice(0, 20)}…${key.slice(-20)}`);
    expect(truncateSshKey(key, 50)).toBe(`${key.slice(0, 50)}…${key.slice(-50)}`);
    expect(truncateSshKey('short key', 20)).toBe('short key');
  });

  it('shows the suspended banner for a suspended subscription or hourly instance', () => {
    const suspended = instance().billingDetail && {
      ...instance().billingDetail!,
      status: 'suspended' as const,
      daysUntilTermination: 5,
    };
    expect(showsSuspendedBanner(instance({ billingDetail: suspended }))).toBe(true);
    expect(showsSuspendedBanner(instance({ billingDetail: suspended, billingCycle: 'hourly' }))).toBe(true);
    expect(showsSuspendedBanner(instance())).toBe(false);
  });
});
