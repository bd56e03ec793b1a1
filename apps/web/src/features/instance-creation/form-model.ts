import {
  type BillingCycle,
  type CreateInstancesRequest,
  type CreatePreorderRequest,
  customPlanBounds,
  type ExtraResource,
  noExtraResource,
  type PlanClass,
  type Product,
} from '@nimbus/contract';
import type { BackupSchedule } from '../backups/BackupScheduleFields';

/** Where the image comes from: the six tabs of the image section (instances.md §2). */
export const imageTabs = ['os', 'applications', 'backups', 'snapshots', 'osWithPanel', 'customIso'] as const;
export type ImageTab = (typeof imageTabs)[number];

/** Plan classes in the order of the type section. */
export const planTypeOrder: readonly PlanClass[] = ['default', 'cpu-optimized', 'gpu-provided'];

/**
 * The whole configuration of an order as the form holds it. `extraResource` is what goes on the wire:
 * add-ons on top of a plan, or the whole machine of a custom plan (`productId` null, `customPlan` true).
 */
export interface CreationValues {
  planClass: PlanClass;
  regionId: number | null;
  productId: number | null;
  customPlan: boolean;
  extraResource: ExtraResource;
  imageTab: ImageTab;
  osId: number | null;
  appId: number | null;
  isoId: number | null;
  fromSnapshot: number | null;
  backupId: number | null;
  featureIds: number[];
  assignIpv4: boolean;
  assignIpv6: boolean;
  sshKeyIds: number[];
  floatingIPCount: number;
  quantity: number;
  hostnames: string[];
  /** Hostnames typed by the customer; the others follow the generated default. */
  hostnamesEdited: boolean[];
  billingCycle: BillingCycle;
  isSubscriptionAutoRenewEnabled: boolean;
  ocaData: Record<string, string>;
  isDdosProtected: boolean;
  /** Automated backups started with the instances, or null for none. */
  backupSettings: BackupSchedule | null;
}

export const customPlanDefaults: ExtraResource = {
  cpu: customPlanBounds.cpu.default,
  ramInGB: customPlanBounds.ramInGB.default,
  diskInGB: customPlanBounds.diskInGB.default,
  bandwidthInTB: customPlanBounds.bandwidthInTB.default,
};

export function defaultCreationValues(billingCycle: BillingCycle = 'hourly'): CreationValues {
  return {
    planClass: 'default',
    regionId: null,
    productId: null,
    customPlan: false,
    extraResource: { ...noExtraResource },
    imageTab: 'os',
    osId: null,
    appId: null,
    isoId: null,
    fromSnapshot: null,
    backupId: null,
    featureIds: [],
    assignIpv4: true,
    assignIpv6: false,
    sshKeyIds: [],
    floatingIPCount: 0,
    quantity: 1,
    hostnames: [''],
    hostnamesEdited: [false],
    billingCycle,
    isSubscriptionAutoRenewEnabled: true,
    ocaData: {},
    isDdosProtected: false,
    backupSettings: null,
  };
}

/** Only the application's own fields travel, without empty optional answers. */
function ocaDataFor(values: CreationValues): Record<string, string> {
  if (values.appId === null) return {};
  return Object.fromEntries(Object.entries(values.ocaData).filter(([, v]) => v !== ''));
}

const isWholeMachine = (values: CreationValues) => values.customPlan || values.productId === null;

/** The body of POST /instances (instances.md §3 "Creation parameters"). */
export function toCreateRequest(
  values: CreationValues,
  acceptPromotionLimit = false,
): CreateInstancesRequest {
  return {
    region: values.regionId ?? 0,
    productId: isWholeMachine(values) ? null : values.productId,
    class: values.planClass,
    osId: values.osId,
    appId: values.appId,
    isoId: values.isoId,
    fromSnapshot: values.fromSnapshot,
    backupId: values.backupId,
    // A draft saved before backups existed has no settings: none.
    backupSettings: values.backupSettings
      ? {
          ...values.backupSettings,
          scheduleWeekDays:
            values.backupSettings.scheduleFrequency === 'daily'
              ? null
              : values.backupSettings.scheduleWeekDays,
        }
      : null,
    hostnames: values.hostnames.slice(0, values.quantity),
    sshKeyIds: values.sshKeyIds,
    featureIds: values.featureIds,
    assignIpv4: values.assignIpv4,
    assignIpv6: values.assignIpv6,
    extraResource: values.extraResource,
    billingCycle: values.billingCycle,
    isSubscriptionAutoRenewEnabled: values.isSubscriptionAutoRenewEnabled,
    ocaData: ocaDataFor(values),
    floatingIPCount: values.floatingIPCount,
    isDdosProtected: values.isDdosProtected,
    acceptPromotionLimit,
  };
}

/** The body of POST /preorders: GPU plans (platform.md §3 "Preorder parameters"). */
export function toPreorderRequest(values: CreationValues): CreatePreorderRequest {
  return {
    type: 'vm',
    hostnames: values.hostnames.slice(0, values.quantity),
    regionId: values.regionId ?? 0,
    metadata: {
      productId: values.productId ?? 0,
      osId: values.osId,
      isoId: values.isoId,
      appId: values.appId,
      ssh: values.sshKeyIds,
      features: values.featureIds,
      assignIpv4: values.assignIpv4,
      assignIpv6: values.assignIpv6,
      billingCycle: values.billingCycle,
      subscriptionAutoRenew: values.isSubscriptionAutoRenewEnabled,
      ocaData: ocaDataFor(values),
      extraResources: values.extraResource,
      class: 'gpu-provided',
    },
  };
}

export const isPreorder = (values: CreationValues) => values.planClass === 'gpu-provided';

/**
 * The order with the features its plan requires (a GPU plan's NVIDIA driver): the server refuses a plan
 * without them, and the form offers no way to leave them out. Derived when ordering and pricing rather
 * than kept in `featureIds`, so switching plans never leaves the previous plan's features behind.
 */
export function withRequiredFeatures(
  values: CreationValues,
  product: Pick<Product, 'requiredFeatures'> | null,
): CreationValues {
  const required = values.customPlan ? [] : (product?.requiredFeatures ?? []);
  if (required.every((id) => values.featureIds.includes(id))) return values;
  return { ...values, featureIds: [...new Set([...values.featureIds, ...required])] };
}
