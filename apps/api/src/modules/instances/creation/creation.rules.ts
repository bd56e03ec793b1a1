import {
  ACCESS_SUSPENDED_MESSAGE,
  ACCOUNT_SUSPENDED_MESSAGE,
  type AccountStatus,
  type AppConfig,
  type CreateInstancesParams,
  customPlanBounds,
  type ExtraResource,
  errorCodes,
  instanceErrorCodes,
  machineSizeOf,
  type OcaField,
  ocaDataSchemaFor,
  type PlanClass,
  type Product,
  type Region,
} from '@nimbus/contract';
import type { DbOrTx } from '../../../db/client';
import { AppError, badRequest, forbidden, notFound } from '../../../lib/errors';
import { loadAppConfig } from '../../catalogue/app-config';
import { toProduct, toRegion } from '../../catalogue/catalogue.mappers';
import {
  type ApplicationRow,
  type FeatureRow,
  findApplication,
  findOsFamily,
  findOsVersion,
  findProduct,
  listFeatures,
  listOffers,
  listRegions,
  type OsVersionRow,
  type ProductRow,
} from '../../catalogue/catalogue.repository';
import { publicKeysOf } from '../../ssh-keys/ssh-keys.repository';
import { backupSource } from './backup-source';
import { isoSource } from './iso-source';
import { snapshotSource } from './snapshot-source';

/**
 * Every rule an order must pass before anything is charged (instances.md §3, §5; platform.md §5, §8).
 * The result carries the catalogue objects the price and the instance rows are made from.
 */

const creationErrorCodes = {
  ...instanceErrorCodes,
  gpuPreorderOnly: 'GPU_PLANS_ARE_PREORDERED',
  notAvailableYet: errorCodes.notAvailableYet,
  invalidOrder: 'INVALID_ORDER',
} as const;

export interface ResolvedOrder {
  /** The snapshot the instances are created from, if any. */
  snapshot: { id: number } | null;
  /** The backup file the instances are created from, if any. */
  backup: { id: number } | null;
  region: Region;
  /** The plan as sold in the region, exactly as GET /products serves it; null for a custom plan. */
  product: Product | null;
  productRow: ProductRow | null;
  planClass: PlanClass;
  /** Null for an instance that boots from a custom ISO: the customer installs what it holds. */
  os: OsVersionRow | null;
  osFamilyName: string | null;
  osDisplayName: string | null;
  /** The custom ISO the instances boot from, if any. */
  iso: { id: number } | null;
  app: ApplicationRow | null;
  features: FeatureRow[];
  sshPublicKeys: string[];
  ocaData: Record<string, string>;
  appConfig: AppConfig;
  /** The machine: plan plus add-ons, or the custom plan's resources. */
  machine: { vcpu: number; ramMb: number; diskGb: number; bandwidthTb: number };
  params: CreateInstancesParams;
}

/** Admin-suspended and closed accounts cannot create; neither can an unverified email. */
export function assertAccountMayCreate(account: { status: AccountStatus; emailVerified: boolean }): void {
  if (account.status === 'suspended_by_admin' || account.status === 'closed_by_admin')
    throw forbidden(instanceErrorCodes.accountSuspended, ACCOUNT_SUSPENDED_MESSAGE);
  if (account.status === 'suspended_unusual_activity')
    throw forbidden(instanceErrorCodes.accessSuspended, ACCESS_SUSPENDED_MESSAGE);
  if (!account.emailVerified)
    throw forbidden(
      instanceErrorCodes.emailNotVerified,
      'Verify your email address before creating instances.',
    );
}

const invalid = (path: string, detail: string) =>
  badRequest(creationErrorCodes.invalidOrder, detail, { issues: [{ path, message: 'validation.invalid' }] });
const notAvailable = (detail: string) => new AppError(409, instanceErrorCodes.notAvailable, detail);

async function resolveImage(db: DbOrTx, p: CreateInstancesParams) {
  if (p.osId == null && p.appId == null)
    throw invalid('osId', 'Choose an operating system or an application.');
  let app: ApplicationRow | null = null;
  if (p.appId != null) {
    app = await findApplication(db, p.appId);
    if (!app) throw notFound('No such application.');
    if (!app.isActive) throw notAvailable(`${app.name} is no longer offered for new servers.`);
  }
  // An application brings its OS; an explicit osId must be that OS (or of its family when it names none).
  const osId = app?.osVersionId ?? p.osId;
  if (osId == null) throw invalid('osId', 'Choose an operating system for this application.');
  if (app && p.osId != null && p.osId !== osId) throw invalid('osId', `${app.name} runs on another image.`);
  const os = await findOsVersion(db, osId);
  if (!os) throw notFound('No such operating system.');
  if (!os.isActive || os.disabled) throw notAvailable('This operating system image is not available.');
  if (app && app.osFamily !== os.family) throw invalid('osId', `${app.name} runs on another image.`);
  const family = await findOsFamily(db, os.family);
  return { app, os, osDisplayName: family?.displayName ?? os.family };
}

/** The machine an order (or a resize) makes: the plan with its add-ons, or the custom plan's resources. */
export function machineOf(productRow: ProductRow | null, extra: ExtraResource) {
  if (!productRow) {
    const b = customPlanBounds;
    if (
      extra.cpu < b.cpu.min ||
      extra.ramInGB < b.ramInGB.min ||
      extra.diskInGB < b.diskInGB.min ||
      extra.bandwidthInTB < b.bandwidthInTB.min
    )
      throw invalid(
        'extraResource',
        'A custom plan needs at least 1 CPU, 1 GB memory, 10 GB storage and 1 TB.',
      );
    return machineSizeOf(null, extra);
  }
  const machine = machineSizeOf(productRow, extra);
  if (
    machine.vcpu > customPlanBounds.cpu.max ||
    machine.ramMb > customPlanBounds.ramInGB.max * 1024 ||
    machine.diskGb > customPlanBounds.diskInGB.max ||
    machine.bandwidthTb > customPlanBounds.bandwidthInTB.max
  ) {
    if (extra.cpu + extra.ramInGB + extra.diskInGB + extra.bandwidthInTB > 0)
      throw invalid('extraResource', 'The add-ons go beyond the largest machine.');
  }
  return machine;
}

interface ResolveOptions {
  /** GPU plans are only ordered through /preorders; allocation passes true. */
  allowGpu?: boolean;
}

/** Checks an order against the catalogue and the customer's keys; throws the first rule it breaks. */
export async function resolveOrder(
  db: DbOrTx,
  customerId: number,
  p: CreateInstancesParams,
  opts: ResolveOptions = {},
): Promise<ResolvedOrder> {
  // One after another: `db` may be a transaction (preorder allocation), whose client runs one query at a time.
  const regionRows = await listRegions(db);
  const offers = await listOffers(db);
  const featureRows = await listFeatures(db);
  const appConfig = await loadAppConfig(db);

  const regionRow = regionRows.find((r) => r.id === p.region);
  if (!regionRow) throw notFound('No such region.');
  if (!regionRow.overallActiveness) throw notAvailable(`${regionRow.name} is not taking new servers.`);
  const region = toRegion(regionRow);
  if (p.backupSettings) {
    if (!region.config.supportBackup)
      throw notAvailable(`Automated backups are not offered in ${region.name}.`);
    const periodId = p.backupSettings.periodId;
    if (!appConfig.backupConfigs.periodDetails.some((d) => d.id === periodId))
      throw invalid('backupSettings', 'Choose one of the backup windows offered.');
  }

  let productRow: ProductRow | null = null;
  let product: Product | null = null;
  let planClass: PlanClass = p.class;
  if (p.productId != null) {
    const row = await findProduct(db, p.productId);
    if (!row?.overallActiveness) throw notFound('No such plan.');
    planClass = row.planClass as PlanClass;
    if (planClass === 'gpu-provided' && !opts.allowGpu)
      throw badRequest(
        creationErrorCodes.gpuPreorderOnly,
        'GPU plans are ordered as preorders: send them to /preorders.',
      );
    if (row.isOutOfSales) throw notAvailable(`${row.name} is no longer sold.`);
    const offer = offers.find((o) => o.productId === row.id && o.regionId === region.id);
    if (!offer) throw notAvailable(`${row.name} is not sold in ${region.name}.`);
    productRow = row;
    product = toProduct(row, offer);
  } else if (planClass === 'gpu-provided') {
    throw badRequest(creationErrorCodes.gpuPreorderOnly, 'GPU plans are ordered as preorders.');
  }

  const machine = machineOf(productRow, p.extraResource);
  // A snapshot brings its own image (a copy of a disk, not an installation).
  const fromSnapshot =
    p.fromSnapshot != null
      ? await snapshotSource(db, customerId, p.fromSnapshot, {
          regionId: region.id,
          regionName: region.name,
          planClass,
          diskGb: machine.diskGb,
        })
      : null;
  if (p.fromSnapshot != null && p.backupId != null)
    throw invalid('backupId', 'Choose a snapshot or a backup, not both.');
  // A backup, like a snapshot, is a copy of a disk.
  const fromBackup =
    p.backupId != null
      ? await backupSource(db, customerId, p.backupId, {
          regionId: region.id,
          regionName: region.name,
          planClass,
          diskGb: machine.diskGb,
        })
      : null;
  const copied = fromSnapshot ?? fromBackup;
  // An ISO instance installs from the ISO alone: no image, application or copied disk beside it.
  if (p.isoId != null && (copied || p.osId != null || p.appId != null))
    throw invalid('isoId', 'Choose a custom ISO or another image, not both.');
  const fromIso =
    p.isoId != null
      ? await isoSource(db, customerId, p.isoId, { regionId: region.id, regionName: region.name })
      : null;
  const { app, os, osDisplayName } = fromIso
    ? { app: null, os: null, osDisplayName: null }
    : copied
      ? { app: null, os: copied.os, osDisplayName: copied.osDisplayName }
      : await resolveImage(db, p);
  const minRamMb = Math.max(os?.minRamMb ?? 0, (app?.minRamGb ?? 0) * 1024);
  if (machine.ramMb < minRamMb)
    throw invalid('productId', `This image needs at least ${minRamMb / 1024} GB of memory.`);

  const chosen = p.featureIds.map((id) => {
    const f = featureRows.find((row) => row.id === id);
    if (!f) throw notFound('No such feature.');
    return f;
  });
  for (const f of chosen) {
    if (!f.isActive) throw notAvailable(`${f.name} is no longer offered.`);
    if (machine.ramMb < f.minRamMb || (f.planClasses.length > 0 && !f.planClasses.includes(planClass)))
      throw invalid('featureIds', `${f.name} is not available for this plan.`);
    if (os && f.unsupportedOsFamilies.includes(os.family))
      throw invalid('featureIds', `${f.name} is not available for this operating system.`);
  }
  for (const required of productRow?.requiredFeatures ?? []) {
    if (!p.featureIds.includes(required)) {
      const name = featureRows.find((f) => f.id === required)?.name ?? `feature ${required}`;
      throw invalid('featureIds', `This plan needs ${name}.`);
    }
  }

  if (p.isDdosProtected) {
    if (!regionRow.supportDdosIpv4 || !regionRow.ddosActiveness)
      throw notAvailable(`DDoS protection is not available in ${region.name}.`);
    if (!p.assignIpv4) throw invalid('isDdosProtected', 'DDoS protection protects an IPv4 address.');
  }

  let ocaData: Record<string, string> = {};
  if (app) {
    const parsed = ocaDataSchemaFor(app.ocaFields as OcaField[]).safeParse(p.ocaData);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({
        path: ['ocaData', ...i.path].join('.'),
        message: i.message,
      }));
      throw badRequest(errorCodes.validation, 'The application settings are not valid.', { issues });
    }
    ocaData = parsed.data as Record<string, string>;
  }

  const wanted = [...new Set(p.sshKeyIds)];
  const keys = await publicKeysOf(db, customerId, wanted);
  // Another customer's key answers exactly like a missing one.
  if (keys.length !== wanted.length) throw notFound('No such SSH key.');
  const sshPublicKeys = wanted.map((id) => keys.find((k) => k.id === id)!.publicKey);

  return {
    snapshot: fromSnapshot ? { id: fromSnapshot.snapshot.id } : null,
    backup: fromBackup ? { id: fromBackup.file.id } : null,
    region,
    product,
    productRow,
    planClass,
    os,
    osFamilyName: os?.family ?? null,
    osDisplayName,
    iso: fromIso ? { id: fromIso.id } : null,
    app,
    features: chosen,
    sshPublicKeys,
    ocaData,
    appConfig,
    machine,
    params: p,
  };
}
