import { describe } from 'vitest';
import { describeDriverContract } from '../driver-contract.test-helpers';
import { libvirtUnavailable, useLibvirt, useVirshFaults } from './libvirt.test-helpers';

/** The libvirt driver keeps the driver contract with real guests (software emulation). */
const unavailable = libvirtUnavailable();
if (unavailable) console.warn(`driver contract on libvirt with real guests: SKIPPED (${unavailable})`);

describe.skipIf(unavailable !== null)('libvirt', { timeout: 240_000 }, () => {
  const lv = useLibvirt();
  const faults = useVirshFaults();
  describeDriverContract('libvirt', () => ({
    driver: lv.driver,
    settle: () => lv.settleAll(),
    // The host refuses to write the next disk.
    failNextBuild: async () => faults.failNext('vol-create'),
    // The host's backup job of a running guest does not start.
    failNextSnapshot: async () => faults.failNext('backup-begin'),
    failNextRebuild: async (kind) => faults.failNext(kind === 'resize' ? 'vol-resize' : 'vol-create'),
    spec: lv.spec,
  }));
});
