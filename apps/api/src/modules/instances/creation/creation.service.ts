import { randomUUID } from 'node:crypto';
import type { CreateInstancesParams, CreationResult } from '@nimbus/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { JobQueue } from '../../../jobs/queue';
import type { AuthenticatedCustomer } from '../../auth/auth.guard';
import type { Hypervisor } from '../../compute/hypervisor';
import {
  allocateOrderAddresses,
  type OrderedAddress,
  releaseOrderAddresses,
} from '../../floating-ips/ordered-floating-ips';
import type { IdempotencyScope } from '../../idempotency/idempotency.service';
import { instances } from '../instances.tables';
import { assertOrderFloatingIpSlots, type InstanceRow, placeOrder } from './creation.order';
import { NO_CAPACITY_DETAIL, startServers } from './creation.provision';
import { assertAccountMayCreate, resolveOrder } from './creation.rules';
import { creationStatus } from './creation-status';

/** POST /instances and the creation pending page's status. */
export function createCreationService(deps: { db: Database; jobs: JobQueue; hypervisor: Hypervisor }) {
  const { db } = deps;

  /**
   * The answer to an order that committed without answering: servers still provisioning are asked for
   * again (the driver's create is idempotent by ref and hands back a fresh password, since the first one
   * was never seen); failed ones say so; the rest were built meanwhile and keep their password.
   */
  async function resumeOrder(orderId: string, customerId: number): Promise<CreationResult[]> {
    const rows = await db
      .select()
      .from(instances)
      .where(and(eq(instances.customerId, customerId), eq(instances.orderId, orderId)))
      .orderBy(asc(instances.id));
    const provisioning = await startServers(
      deps,
      rows.filter((r) => r.lifecycle === 'provisioning'),
    );
    return rows.map(
      (row) =>
        provisioning.find((r) => r.instanceId === row.id) ??
        (row.lifecycle === 'failed'
          ? {
              hostname: row.hostname,
              code: 'NO_CAPACITY',
              detail: NO_CAPACITY_DETAIL,
              instanceId: row.id,
              password: null,
            }
          : {
              hostname: row.hostname,
              code: 'CREATED',
              detail: 'Instance is being created.',
              instanceId: row.id,
              password: null,
            }),
    );
  }

  return {
    async create(
      customer: Pick<AuthenticatedCustomer, 'id' | 'status' | 'emailVerified'>,
      params: CreateInstancesParams,
      idempotency: IdempotencyScope | null = null,
    ): Promise<CreationResult[]> {
      // An earlier run under the same Idempotency-Key placed the order and died before answering.
      if (idempotency?.committed) return resumeOrder(String(idempotency.committed.orderId), customer.id);
      assertAccountMayCreate(customer);
      const order = await resolveOrder(db, customer.id, params);
      const orderId = idempotency?.id ?? randomUUID();
      let addresses: OrderedAddress[] = [];
      if (params.floatingIPCount > 0) {
        // The limits are answered before an address is taken; everything is checked again below.
        await assertOrderFloatingIpSlots(db, customer.id, order.appConfig, params);
        addresses = await allocateOrderAddresses(deps.hypervisor, {
          orderId,
          regionId: order.region.id,
          instances: params.hostnames.length,
          perInstance: params.floatingIPCount,
        });
      }
      let rows: InstanceRow[];
      try {
        rows = await db.transaction(async (tx) => {
          const placed = await placeOrder(tx, customer.id, order, {
            orderId,
            hostnames: params.hostnames,
            acceptPromotionLimit: params.acceptPromotionLimit,
            addresses,
          });
          await idempotency?.commit(tx, { orderId });
          return placed;
        });
      } catch (error) {
        await releaseOrderAddresses(deps.hypervisor, addresses);
        throw error;
      }
      return startServers(deps, rows);
    },

    status: (customerId: number, ids: number[]) => creationStatus(db, customerId, ids),
  };
}
