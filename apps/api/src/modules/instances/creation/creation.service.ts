import { randomUUID } from 'node:crypto';
import type { CreateInstancesParams, CreationResult } from '@nimbus/contract';
import type { Database } from '../../../db/client';
import type { JobQueue } from '../../../jobs/queue';
import type { AuthenticatedCustomer } from '../../auth/auth.guard';
import type { Hypervisor } from '../../compute/hypervisor';
import { placeOrder } from './creation.order';
import { startServers } from './creation.provision';
import { assertAccountMayCreate, resolveOrder } from './creation.rules';
import { creationStatus } from './creation-status';

/** POST /instances and the creation pending page's status. */
export function createCreationService(deps: { db: Database; jobs: JobQueue; hypervisor: Hypervisor }) {
  const { db } = deps;
  return {
    async create(
      customer: Pick<AuthenticatedCustomer, 'id' | 'status' | 'emailVerified'>,
      params: CreateInstancesParams,
    ): Promise<CreationResult[]> {
      assertAccountMayCreate(customer);
      const order = await resolveOrder(db, customer.id, params);
      const rows = await db.transaction((tx) =>
        placeOrder(tx, customer.id, order, {
          orderId: randomUUID(),
          hostnames: params.hostnames,
          acceptPromotionLimit: params.acceptPromotionLimit,
        }),
      );
      return startServers(deps, rows);
    },

    status: (customerId: number, ids: number[]) => creationStatus(db, customerId, ids),
  };
}
