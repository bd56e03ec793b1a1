import { type CreationStatus, isStableInstanceStatus } from '@nimbus/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { instances } from '../instances.tables';

const CREATED_DETAIL = 'Instance is ready.';
const CREATING_DETAIL = 'Instance is being created.';

/**
 * Where each instance of a submitted order stands. Only the customer's own ids are answered; others are
 * simply absent. "created" needs a stable state and an address (IPv6 for an IPv6-only instance).
 */
export async function creationStatus(db: DbOrTx, customerId: number, ids: number[]): Promise<CreationStatus> {
  const rows = await db
    .select()
    .from(instances)
    .where(and(eq(instances.customerId, customerId), inArray(instances.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    instances: [...new Set(ids)].flatMap((id): CreationStatus['instances'] => {
      const r = byId.get(id);
      if (!r) return [];
      const base = { id: r.id, hostname: r.hostname, status: r.status, mainIp: r.mainIp };
      if (r.lifecycle === 'failed')
        return [
          { ...base, state: 'failed' as const, detail: r.failureReason ?? 'Instance creation failed.' },
        ];
      const address = r.assignIpv4 ? r.mainIp : (r.mainIp ?? r.mainIpv6);
      const created = r.lifecycle !== 'provisioning' && isStableInstanceStatus(r.status) && address !== null;
      return [
        {
          ...base,
          state: created ? ('created' as const) : ('creating' as const),
          detail: created ? CREATED_DETAIL : CREATING_DETAIL,
        },
      ];
    }),
  };
}
