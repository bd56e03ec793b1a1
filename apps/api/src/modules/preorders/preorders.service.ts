import {
  type CreateInstancesParams,
  createInstancesRequestSchema,
  type createPreorderRequestSchema,
  orderCheckPrice,
  type Preorder,
} from '@nimbus/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { logActivity } from '../activity-log/activity-log.service';
import type { AuthenticatedCustomer } from '../auth/auth.guard';
import { assertCanAfford } from '../billing/credit-check';
import { lockCreditAccount } from '../billing/ledger';
import type { IdempotencyScope } from '../idempotency/idempotency.service';
import { quoteOf } from '../instances/creation/creation.order';
import { assertAccountMayCreate, resolveOrder } from '../instances/creation/creation.rules';
import {
  customerPreordersByIds,
  insertPreorder,
  type PreorderRow,
  pendingPreordersOf,
} from '../instances/preorders.repository';

/** GPU preorders (platform.md §3): submitted by customers, allocated or cancelled by an operator. */

type StoredMetadata = z.output<typeof createPreorderRequestSchema>['metadata'];

/** The creation parameters a preorder stands for: one GPU instance with the preorder's hostname. */
export function creationParamsOf(p: {
  regionId: number;
  hostname: string;
  metadata: Record<string, unknown>;
}) {
  const m = p.metadata as Partial<StoredMetadata>;
  return createInstancesRequestSchema.parse({
    region: p.regionId,
    productId: m.productId,
    class: 'gpu-provided',
    osId: m.appId != null ? null : m.osId,
    appId: m.appId ?? null,
    isoId: m.isoId ?? null,
    hostnames: [p.hostname],
    sshKeyIds: m.ssh ?? [],
    featureIds: m.features ?? [],
    assignIpv4: m.assignIpv4 ?? true,
    assignIpv6: m.assignIpv6 ?? false,
    extraResource: m.extraResources,
    billingCycle: m.billingCycle,
    isSubscriptionAutoRenewEnabled: m.subscriptionAutoRenew ?? true,
    ocaData: m.ocaData ?? {},
    acceptPromotionLimit: true,
  });
}

function toPreorder(row: PreorderRow): Preorder {
  const m = row.metadata as Partial<StoredMetadata>;
  return {
    id: row.id,
    description: row.description,
    dueDate: row.dueDate.toISOString(),
    regionId: row.regionId,
    customerId: row.customerId,
    isPreorder: true,
    status: row.status,
    instanceId: row.instanceId,
    createdAt: row.createdAt.toISOString(),
    metadata: {
      hostname: row.hostname,
      osId: m.osId ?? null,
      isoId: m.isoId ?? null,
      appId: m.appId ?? null,
      productId: row.productId,
      extraResources: m.extraResources ?? { cpu: 0, ramInGB: 0, diskInGB: 0, bandwidthInTB: 0 },
      class: 'gpu-provided',
      billingCycle: m.billingCycle ?? 'monthly',
    },
  };
}

async function listPendingPreorders(db: DbOrTx, customerId: number): Promise<Preorder[]> {
  return (await pendingPreordersOf(db, customerId)).map(toPreorder);
}

export function createPreorderService(deps: { db: Database }) {
  const { db } = deps;
  return {
    list: (customerId: number) => listPendingPreorders(db, customerId),

    /**
     * Validates the order like a creation (GPU plan sold in the region, hostnames, network, keys, features)
     * and holds it against the credit, but charges nothing: billing starts at allocation.
     */
    async submit(
      customer: Pick<AuthenticatedCustomer, 'id' | 'status' | 'emailVerified'>,
      body: z.output<typeof createPreorderRequestSchema>,
      idempotency: IdempotencyScope | null = null,
    ): Promise<Preorder[]> {
      if (idempotency?.committed) {
        // Submitted by an earlier run under the same Idempotency-Key that died before answering.
        const ids = (idempotency.committed.preorderIds as number[] | undefined) ?? [];
        const rows = ids.length ? await customerPreordersByIds(db, customer.id, ids) : [];
        return rows.map(toPreorder);
      }
      assertAccountMayCreate(customer);
      const params: CreateInstancesParams = creationParamsOf({
        regionId: body.regionId,
        hostname: body.hostnames[0]!,
        metadata: body.metadata,
      });
      params.hostnames = body.hostnames;
      const order = await resolveOrder(db, customer.id, params, { allowGpu: true });
      if (order.planClass !== 'gpu-provided')
        throw badRequest('NOT_A_GPU_PLAN', 'Only GPU plans are preordered; create other plans directly.');
      const days = order.appConfig.numberOfDaysForCreditCheck;
      const eta = order.appConfig.gpuPreorderEta;
      const gpu = order.productRow?.gpuName
        ? ` (${order.productRow.gpuQuantity}× ${order.productRow.gpuName.toUpperCase()})`
        : '';
      // The resolved OS is stored, so an application's preorder shows its image in the list.
      const metadata = { ...body.metadata, osId: order.os?.id ?? null };
      return db.transaction(async (tx) => {
        const balance = await lockCreditAccount(tx, customer.id);
        const quotes = body.hostnames.map(() => quoteOf(order, false));
        await assertCanAfford(tx, customer.id, balance, orderCheckPrice(quotes, days), days);
        const created: Preorder[] = [];
        for (const hostname of body.hostnames) {
          const row = await insertPreorder(tx, {
            customerId: customer.id,
            regionId: body.regionId,
            productId: order.product!.id,
            hostname,
            description: `${order.product!.name}${gpu}`,
            metadata,
            status: 'pending',
            dueDate: sql`now() + ${`${eta} days`}::interval`,
          });
          await logActivity(tx, {
            customerId: customer.id,
            event: 'preorder_submitted',
            data: { hostname, plan: order.product!.name, region: order.region.name },
          });
          created.push(toPreorder(row));
        }
        await idempotency?.commit(tx, { preorderIds: created.map((p) => p.id) });
        return created;
      });
    },
  };
}
export type PreorderService = ReturnType<typeof createPreorderService>;
