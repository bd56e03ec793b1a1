import {
  type InstanceQuote,
  instanceErrorCodes,
  instanceQuote,
  orderCheckPrice,
  regionPromotionPercent,
  startOfMonthUtc,
  toMicros,
} from '@nimbus/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { logActivity } from '../../activity-log/activity-log.service';
import { enableBackupsAtCreation } from '../../backups/backups.service';
import { startBillableItem } from '../../billing/billable-items';
import { assertCanAfford } from '../../billing/credit-check';
import { lockCreditAccount } from '../../billing/ledger';
import { lockOffer } from '../../catalogue/catalogue.repository';
import { assertFloatingIpSlots } from '../../floating-ips/floating-ip-limits';
import { countsOf } from '../../floating-ips/floating-ips.repository';
import { buyOrderAddresses, type OrderedAddress } from '../../floating-ips/ordered-floating-ips';
import { listedLifecycles } from '../instances.repository';
import { instances } from '../instances.tables';
import type { ResolvedOrder } from './creation.rules';

export type InstanceRow = typeof instances.$inferSelect;

/** The customer's live promoted instances in a region, counted against the promotion limit. */
async function promotedInRegion(tx: Tx, customerId: number, regionId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(instances)
    .where(
      and(
        eq(instances.customerId, customerId),
        eq(instances.regionId, regionId),
        eq(instances.isPromoted, true),
        inArray(instances.lifecycle, [...listedLifecycles]),
      ),
    );
  return row?.n ?? 0;
}

export const quoteOf = (order: ResolvedOrder, promoted: boolean): InstanceQuote =>
  instanceQuote({
    product: order.product,
    region: order.region,
    planClass: order.planClass,
    extraResource: order.params.extraResource,
    assignIpv4: order.params.assignIpv4,
    isDdosProtected: order.params.isDdosProtected,
    featurePrices: order.features.map((f) => order.appConfig.featurePrices[String(f.id)] ?? '0'),
    billingCycle: order.params.billingCycle,
    appConfig: order.appConfig,
    promoted,
  });

/** "Cloud S · Frankfurt · IPv4, DDoS protection, Monitoring": what the invoice line says under the hostname. */
export function instanceSubDescription(i: {
  planName: string | null;
  regionName: string;
  ipv4: boolean;
  ipv6: boolean;
  ddos: boolean;
  featureNames: string[];
}): string {
  const addOns = [
    ...(i.ipv4 ? ['IPv4'] : []),
    ...(i.ipv6 ? ['IPv6'] : []),
    ...(i.ddos ? ['DDoS protection'] : []),
    ...i.featureNames,
  ];
  return [i.planName ?? 'Custom plan', i.regionName, addOns.join(', ')].filter(Boolean).join(' · ');
}

const subDescriptionOf = (order: ResolvedOrder) =>
  instanceSubDescription({
    planName: order.product?.name ?? null,
    regionName: order.region.name,
    ipv4: order.params.assignIpv4,
    ipv6: order.params.assignIpv6,
    ddos: order.params.isDdosProtected,
    featureNames: order.features.map((f) => f.name),
  });

/**
 * Places an order inside the caller's transaction: locks the credit account and the plan's stock row,
 * re-checks stock, the promotion limit and the credit, inserts one instance per hostname and starts its
 * billable item (charging a cycle upfront). Throws before anything is written when a rule fails.
 */
export async function placeOrder(
  tx: Tx,
  customerId: number,
  order: ResolvedOrder,
  opts: {
    orderId: string;
    hostnames: string[];
    acceptPromotionLimit: boolean;
    /** The floating IPs taken for the order (`floatingIPCount` per instance), bought with it. */
    addresses?: OrderedAddress[];
  },
): Promise<InstanceRow[]> {
  const { params: p } = order;
  const n = opts.hostnames.length;
  const balance = await lockCreditAccount(tx, customerId);

  if (order.product) {
    const offer = await lockOffer(tx, order.product.id, order.region.id);
    if (!offer)
      throw new AppError(409, instanceErrorCodes.notAvailable, 'This plan is not sold in this region.');
    if (offer.remainingStock < n)
      throw new AppError(
        409,
        instanceErrorCodes.outOfStock,
        offer.remainingStock === 0
          ? `${order.product.name} is out of stock in ${order.region.name}.`
          : `Only ${offer.remainingStock} of ${order.product.name} left in ${order.region.name}.`,
      );
    if (p.isDdosProtected && offer.remainingDdosIpv4 < n)
      throw new AppError(
        409,
        instanceErrorCodes.ddosOutOfStock,
        offer.remainingDdosIpv4 === 0
          ? `No DDoS-protected IPv4 addresses are left in ${order.region.name}.`
          : `Only ${offer.remainingDdosIpv4} DDoS-protected IPv4 addresses left in ${order.region.name}.`,
      );
  }

  // Promotion: the first ones within the per-region limit get it; the rest only when the customer agreed.
  let promotedCount = 0;
  if (regionPromotionPercent(order.region, order.planClass, p.billingCycle) > 0) {
    const limit = order.appConfig.maxAllowedPromotedInstancePerRegionPerUser;
    const allowed = Math.max(0, limit - (await promotedInRegion(tx, customerId, order.region.id)));
    if (n > allowed && !opts.acceptPromotionLimit)
      throw new AppError(
        409,
        instanceErrorCodes.promotionLimit,
        `Only ${allowed} of ${n} instances get the promotion in ${order.region.name}; the others are charged at the base price.`,
        { data: { allowed, requested: n } },
      );
    promotedCount = Math.min(n, allowed);
  }
  const quotes = opts.hostnames.map((_, i) => quoteOf(order, i < promotedCount));
  // Floating IPs ordered with the instances: within the customer's limits, their first month due now.
  await assertOrderFloatingIpSlots(tx, customerId, order.appConfig, p);
  const floatingIpPrice = toMicros(order.appConfig.floatingIpPricePerMonth);
  const floatingIpsDue = floatingIpPrice * p.floatingIPCount * n;
  const days = order.appConfig.numberOfDaysForCreditCheck;
  await assertCanAfford(tx, customerId, balance, orderCheckPrice(quotes, days) + floatingIpsDue, days);

  const subDescription = subDescriptionOf(order);
  const rows: InstanceRow[] = [];
  for (const [i, hostname] of opts.hostnames.entries()) {
    const quote = quotes[i]!;
    const [inserted] = await tx
      .insert(instances)
      .values({
        customerId,
        orderId: opts.orderId,
        hostname,
        lifecycle: 'provisioning',
        status: 'initializing',
        networkStatus: 'initializing',
        planClass: order.planClass,
        productId: order.product?.id ?? null,
        planName: order.product?.name ?? null,
        regionId: order.region.id,
        osId: order.os?.id ?? null,
        osFamily: order.osFamilyName,
        osName: order.os ? `${order.osDisplayName} ${order.os.name}` : null,
        appId: order.app?.id ?? null,
        isoId: order.iso?.id ?? null,
        sourceSnapshotId: order.snapshot?.id ?? null,
        sourceBackupId: order.backup?.id ?? null,
        vcpuCount: order.machine.vcpu,
        ramMb: order.machine.ramMb,
        diskGb: order.machine.diskGb,
        bandwidthTb: order.machine.bandwidthTb,
        extraResource: p.extraResource,
        featureIds: order.features.map((f) => f.id),
        sshKeys: order.sshPublicKeys,
        ocaData: order.ocaData,
        assignIpv4: p.assignIpv4,
        assignIpv6: p.assignIpv6,
        isDdosProtected: p.isDdosProtected,
        isPromoted: i < promotedCount,
        billingCycle: p.billingCycle,
        isSubscriptionAutoRenewEnabled:
          p.billingCycle === 'hourly' ? false : p.isSubscriptionAutoRenewEnabled,
        discountPercent: quote.discountPercent,
      })
      .returning();
    const row = inserted!;
    const item = await startBillableItem(tx, {
      customerId,
      resourceType: 'instance',
      resourceId: String(row.id),
      instanceId: row.id,
      description: hostname,
      subDescription,
      billingCycle: p.billingCycle,
      monthlyPrice: quote.monthly,
      undiscountedMonthly: quote.undiscountedMonthly,
      discountPercent: quote.discountPercent,
      autoRenew: p.isSubscriptionAutoRenewEnabled,
      reason: 'created',
      oneMonthInHours: order.appConfig.oneMonthInHours,
    });
    const [withItem] = await tx
      .update(instances)
      .set({ billableItemId: item.id })
      .where(eq(instances.id, row.id))
      .returning();
    if (p.backupSettings)
      await enableBackupsAtCreation(tx, {
        customerId,
        instanceId: row.id,
        hostname,
        instanceMonthly: quote.monthly,
        settings: p.backupSettings,
        appConfig: order.appConfig,
      });
    await logActivity(tx, {
      customerId,
      event: 'instance_created',
      data: {
        hostname,
        plan: row.planName ?? 'Custom plan',
        region: order.region.name,
        billingCycle: p.billingCycle,
      },
      instanceId: row.id,
    });
    rows.push(withItem!);
  }
  await buyOrderAddresses(tx, {
    customerId,
    instances: rows,
    addresses: opts.addresses ?? [],
    region: order.region,
    monthlyPrice: floatingIpPrice,
    oneMonthInHours: order.appConfig.oneMonthInHours,
  });
  return rows;
}

/** Floating IPs ordered with instances count against the same limits as those bought on IP Management. */
export async function assertOrderFloatingIpSlots(
  db: DbOrTx,
  customerId: number,
  appConfig: ResolvedOrder['appConfig'],
  p: Pick<ResolvedOrder['params'], 'floatingIPCount' | 'hostnames'>,
) {
  const count = p.floatingIPCount * p.hostnames.length;
  if (count > 0)
    assertFloatingIpSlots(await countsOf(db, customerId, startOfMonthUtc(new Date())), appConfig, count);
}
