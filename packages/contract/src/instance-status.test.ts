import { describe, expect, it } from 'vitest';
import {
  instanceStatusChip,
  instanceStatuses,
  isoListStatusChip,
  isStableInstanceStatus,
  listHostname,
  listNeedsPolling,
  networkStatusColor,
  showsNetworkWarning,
} from './instance-status-rules';

describe('instance status display (instances.md §4)', () => {
  it('labels and colours every status as the spec lists them', () => {
    const shown = Object.fromEntries(
      instanceStatuses.map((s) => [s, `${instanceStatusChip(s).label}/${instanceStatusChip(s).color}`]),
    );
    expect(shown).toEqual({
      active: 'on/success',
      shutdown: 'off/error',
      suspended: 'suspended/warning',
      rescue: 'rescue/info',
      'allocating-gpu': 'allocatingGpu/default',
      initializing: 'initializing/default',
      preparing_disk: 'initializing/default',
      preparing_network: 'initializing/default',
      spawning_qemu: 'pending/warning',
      spawning_qemu_with_seed: 'pending/warning',
      trying_to_migrate: 'pending/warning',
      taking_snapshot: 'pending/warning',
      loading_snapshot: 'pending/warning',
      loading_backup: 'pending/warning',
    });
    expect(instanceStatusChip('something_new')).toEqual({ label: 'loading', color: 'default' });
  });

  it('knows the stable states, and the ISO list shows the rest as loading', () => {
    expect(instanceStatuses.filter(isStableInstanceStatus)).toEqual([
      'active',
      'shutdown',
      'suspended',
      'rescue',
    ]);
    expect(isoListStatusChip('spawning_qemu')).toEqual({ label: 'loading', color: 'default' });
    expect(isoListStatusChip('shutdown')).toEqual({ label: 'off', color: 'error' });
  });

  it('colours the network chip and warns on a suspended network', () => {
    expect(['active', 'initializing', 'suspended', 'terminated'].map(networkStatusColor)).toEqual([
      'success',
      'warning',
      'error',
      'default',
    ]);
    expect(showsNetworkWarning('suspended')).toBe(true);
    expect(showsNetworkWarning('active')).toBe(false);
  });

  it('polls the list until every instance is stable with a main IP, preorders aside', () => {
    expect(listNeedsPolling([{ status: 'active', mainIp: '203.0.113.7' }])).toBe(false);
    expect(listNeedsPolling([{ status: 'active', mainIp: null }])).toBe(true);
    expect(listNeedsPolling([{ status: 'preparing_disk', mainIp: '203.0.113.7' }])).toBe(true);
    expect(listNeedsPolling([{ status: 'allocating-gpu', mainIp: null }])).toBe(false);
  });

  it('cuts hostnames beyond 22 characters to 19 and an ellipsis', () => {
    expect(listHostname('a'.repeat(22))).toBe('a'.repeat(22));
    expect(listHostname('b'.repeat(23))).toBe(`${'b'.repeat(19)}…`);
  });
});
