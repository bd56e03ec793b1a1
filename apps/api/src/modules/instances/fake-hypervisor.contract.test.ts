import { serverSpec } from '../compute/compute.test-helpers';
import { describeDriverContract } from '../compute/driver-contract.test-helpers';
import { createFakeHypervisor } from './fake-hypervisor.test-helpers';

/** The instances area's test fake is a driver like any other: it must keep the same contract. */
const fake = createFakeHypervisor();
describeDriverContract('the instances test fake', () => ({
  driver: fake.driver,
  settle: async () => {},
  failNextBuild: async () => {
    fake.knobs.failBuilds++;
  },
  failNextSnapshot: async () => {
    fake.knobs.failOperations++;
  },
  failNextRebuild: async () => {
    fake.knobs.failRebuilds++;
  },
  spec: serverSpec,
}));
