import { advanceDueServers, plantFault, serverSpec, useSimulator } from '../compute.test-helpers';
import { describeDriverContract } from '../driver-contract.test-helpers';

/** The embedded simulator keeps the driver contract, through its database and step jobs. */
const sim = useSimulator({ JWT_SECRET: 'x'.repeat(32) });
describeDriverContract('simulator', () => ({
  driver: sim.hv,
  settle: async () => {
    await advanceDueServers(sim.db);
  },
  failNextBuild: async () => {
    await plantFault(sim.db, { step: 'initializing' });
  },
  failNextSnapshot: async () => {
    await plantFault(sim.db, { step: 'taking_snapshot' });
  },
  // A running server restarts at its new size (spawning_qemu); a reinstall writes the disk.
  failNextRebuild: async (kind) => {
    await plantFault(sim.db, { step: kind === 'resize' ? 'spawning_qemu' : 'preparing_disk' });
  },
  spec: serverSpec,
}));
