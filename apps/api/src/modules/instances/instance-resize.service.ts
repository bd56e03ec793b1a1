import {
  diskShrinks,
  instanceErrorCodes,
  instanceQuote,
  isUpgrade,
  MIN_RESIZE_RAM_MB,
  NOT_ENOUGH_RESOURCE_MESSAGE,
  orderCheckPrice,
  type Product,
  type ResizeRequest,
  resizeErrorCodes,
  resizeUnavailable,
  sameSize,
  usernameForOsFamily,
} from '@nimbus/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { assertCanAfford } from '../billing/credit-check';
import { lockCreditAccount } from '../billing/ledger';
import { loadAppConfig } from '../catalogue/app-config';
import { toProduct, toRegion } from '../catalogue/catalogue.mappers';
import {
  findOsVersion,
  findProduct,
  listFeatures,
  listOffers,
  listRegions,
  lockOffer,
  type ProductRow,
} from '../catalogue/catalogue.repository';
import { type Hypervisor, HypervisorError, type ServerRebuild, serverRef } from '../compute/hypervisor';
import { instanceSubDescription } from './creation/creation.order';
import { machineOf } from './creation/creation.rules';
import {
  type Customer,
  changing,
  failureKind,
  infrastructureError,
  instanceActionSupport,
  notAvailable,
} from './instance-action-support';
import { requestOperationFollow } from './instance-operations';
import { instances, type ResizeTarget } from './instances.tables';

type ResizeBody = Required<Pick<ResizeRequest, 'type' | 'regionId' | 'extraResource'>> &
  Pick<ResizeRequest, 'productId' | 'acknowledgeCleanInstall'>;

const invalid = (detail: string) => badRequest('INVALID_RESIZE', detail);

const unavailableDetail = {
  notHourly: 'Only hourly instances can be resized.',
  smallPlan: `Instances with less than ${MIN_RESIZE_RAM_MB / 1024} GB of memory cannot be resized.`,
  rescue: 'Leave rescue mode before resizing.',
} as const;

/**
 * Resize (instances.md §4, §5, §8): a fixed plan with add-ons or a custom plan, in the instance's own
 * region and class. The request is checked (rules, stock, credit) and the driver starts the resize on the
 * server's host; a smaller disk is a clean install (acknowledged) whose new password is answered once. A
 * job follows the driver's operation and, when it succeeds, records the new size and moves billing to
 * the new price from the next full hour (instance-operations.ts).
 */
export function createInstanceResize(deps: { db: Database; hypervisor: Hypervisor; jobs: JobQueue }) {
  const { db, hypervisor } = deps;
  const { actionable, logFor, mirror } = instanceActionSupport(deps);

  /** The target plan as sold in the instance's region, checked against the instance's class. */
  async function targetPlan(
    row: { regionId: number; planClass: string; productId: number | null },
    body: ResizeBody,
  ): Promise<{ productRow: ProductRow | null; product: Product | null }> {
    if (body.type === 'CUSTOM') {
      if (row.planClass === 'gpu-provided') throw invalid('GPU instances have no custom plan.');
      return { productRow: null, product: null };
    }
    const productRow = body.productId == null ? null : await findProduct(db, body.productId);
    if (!productRow?.overallActiveness) throw notFound('No such plan.');
    if (productRow.planClass !== row.planClass)
      throw invalid('Choose a plan of the same type as the instance.');
    const offer = (await listOffers(db)).find(
      (o) => o.productId === productRow.id && o.regionId === row.regionId,
    );
    if (!offer) throw notAvailable(`${productRow.name} is not sold in this region.`);
    if (productRow.id !== row.productId && productRow.isOutOfSales)
      throw notAvailable(`${productRow.name} is no longer sold.`);
    return { productRow, product: toProduct(productRow, offer) };
  }

  return {
    async resize(customer: Customer, id: number, body: ResizeBody): Promise<{ password: string | null }> {
      const record = await actionable(customer, id);
      const row = record.instance;
      const blocked = resizeUnavailable({
        billingCycle: row.billingCycle,
        ram: row.ramMb,
        status: row.status,
      });
      if (blocked) throw notAvailable(unavailableDetail[blocked]);
      if (body.regionId !== row.regionId) throw invalid('A resize keeps the instance in its region.');

      const { productRow, product } = await targetPlan(row, body);
      const machine = machineOf(productRow, body.extraResource);
      const current = {
        vcpu: row.vcpuCount,
        ramMb: row.ramMb,
        diskGb: row.diskGb,
        bandwidthTb: row.bandwidthTb,
      };
      if ((productRow?.id ?? null) === row.productId && sameSize(current, machine))
        throw badRequest(resizeErrorCodes.unchanged, 'Choose a plan other than the current one.');
      if (machine.ramMb < MIN_RESIZE_RAM_MB)
        throw invalid(`The new plan needs at least ${MIN_RESIZE_RAM_MB / 1024} GB of memory.`);
      const os = row.osId === null ? null : await findOsVersion(db, row.osId);
      if (os && machine.ramMb < os.minRamMb)
        throw invalid(`This operating system needs at least ${os.minRamMb / 1024} GB of memory.`);
      const featureRows = await listFeatures(db);
      const tooSmallFor = featureRows.find(
        (f) => row.featureIds.includes(f.id) && machine.ramMb < f.minRamMb,
      );
      if (tooSmallFor) throw invalid(`${tooSmallFor.name} needs more memory than this plan has.`);
      if (row.isoId !== null && !isUpgrade(current, machine))
        throw conflict(
          resizeErrorCodes.upgradeOnly,
          'An instance running a custom ISO can only be upgraded.',
        );

      let rebuild: ServerRebuild | undefined;
      if (diskShrinks(current, machine)) {
        if (!body.acknowledgeCleanInstall)
          throw badRequest(
            resizeErrorCodes.cleanInstallNotAcknowledged,
            'A smaller disk needs a clean install: confirm that the data on the disk will be lost.',
          );
        if (!os) throw notAvailable('This instance has no image to install again.');
        // A clean install of the image the instance runs, as a reinstall: an application stays.
        rebuild = {
          source:
            row.appId !== null
              ? {
                  kind: 'application',
                  appId: row.appId,
                  osId: os.id,
                  osFamily: os.family,
                  ocaData: row.ocaData,
                }
              : { kind: 'os', osId: os.id, osFamily: os.family },
          username: usernameForOsFamily(os.family),
        };
      }

      const appConfig = await loadAppConfig(db);
      const regionRow = (await listRegions(db)).find((r) => r.id === row.regionId);
      if (!regionRow) throw notFound('No such region.');
      const region = toRegion(regionRow);
      const quote = instanceQuote({
        product,
        region,
        planClass: row.planClass as Product['plan']['type'],
        extraResource: body.extraResource,
        assignIpv4: row.assignIpv4,
        isDdosProtected: row.isDdosProtected,
        featurePrices: row.featureIds.map((f) => appConfig.featurePrices[String(f)] ?? '0'),
        billingCycle: 'hourly',
        appConfig,
        promoted: row.isPromoted,
      });
      const planName = product?.name ?? null;
      const target: ResizeTarget = {
        productId: productRow?.id ?? null,
        planName,
        ...machine,
        extraResource: body.extraResource,
        monthlyPrice: quote.monthly,
        undiscountedMonthly: quote.undiscountedMonthly,
        subDescription: instanceSubDescription({
          planName,
          regionName: region.name,
          ipv4: row.assignIpv4,
          ipv6: row.assignIpv6,
          ddos: row.isDdosProtected,
          featureNames: featureRows.filter((f) => row.featureIds.includes(f.id)).map((f) => f.name),
        }),
        cleanInstall: rebuild !== undefined,
        from: `${row.vcpuCount} vCPU, ${row.ramMb / 1024} GB, ${row.diskGb} GB`,
      };

      let password: string | null = null;
      await db.transaction(async (tx) => {
        const balance = await lockCreditAccount(tx, customer.id);
        const [locked] = await tx
          .select({
            status: instances.status,
            billableItemId: instances.billableItemId,
            operation: instances.operation,
          })
          .from(instances)
          .where(and(eq(instances.id, id), eq(instances.lifecycle, 'ready')))
          .for('update');
        if (
          !locked ||
          locked.operation !== null ||
          locked.status !== row.status ||
          locked.billableItemId !== row.billableItemId
        )
          throw changing();
        if (productRow && productRow.id !== row.productId) {
          const offer = await lockOffer(tx, productRow.id, row.regionId);
          if (!offer || offer.remainingStock < 1)
            throw new AppError(
              409,
              instanceErrorCodes.outOfStock,
              `${productRow.name} is out of stock here.`,
            );
        }
        const days = appConfig.numberOfDaysForCreditCheck;
        await assertCanAfford(
          tx,
          customer.id,
          balance,
          orderCheckPrice([quote], days),
          days,
          row.billableItemId,
        );

        // The driver starts inside the transaction: a refusal leaves the row as it was. The size and the
        // bill change when the operation succeeds (instance-operations.ts).
        try {
          const started = await hypervisor.resize(serverRef(id), machine, rebuild);
          password = started.password;
          await tx
            .update(instances)
            .set({ operation: { kind: 'resize', id: started.operation.id, target }, updatedAt: new Date() })
            .where(eq(instances.id, id));
        } catch (error) {
          await logFor(record, 'instance_resize_failed', { reason: failureKind(error) });
          if (error instanceof HypervisorError && error.kind === 'no_capacity')
            throw conflict(resizeErrorCodes.notEnoughResource, NOT_ENOUGH_RESOURCE_MESSAGE);
          if (error instanceof HypervisorError && error.kind === 'invalid_state') throw changing();
          throw infrastructureError();
        }
      });
      await requestOperationFollow(deps.jobs, id, 1);
      // The new password (after a clean install) is never stored or logged: it is in this answer only.
      await mirror(customer, record);
      return { password };
    },
  };
}
