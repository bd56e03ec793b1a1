import { z } from 'zod';
import { backupFrequencies } from './backups-rules';
import { intervalOptionSchema } from './billing';
import { billingCycleSchema, planClassSchema } from './catalogue';
import { hostnameSchema } from './field-validation';
import { isValidIpv4 } from './field-validation-rules';
import { MAX_FLOATING_IPS_PER_INSTANCE } from './floating-ips-rules';
import { idListParamSchema, idParamSchema, idParamsSchema, idSchema } from './ids';
import { instanceStatusSchema, networkStatusSchema } from './instance-status';
import {
  creationResultCodes,
  creationStates,
  customPlanBounds,
  INSTANCE_LIST_MAX_LIMIT,
  INSTANCE_LIST_PAGE_SIZE,
  instanceStatusFilters,
  MAX_INSTANCES_PER_ORDER,
  noExtraResource,
} from './instances-rules';
import { moneyStringSchema } from './money';

/**
 * Instances as the API serves them and the calls that create and manage them (instances.md §3, §7).
 * Limits, lists, error codes and messages are in instances-rules.ts.
 */

/** Ids are bounded to the serial column's range (ids.ts): a huge id is a 400, never a database error. */
const id = idSchema;
export const instanceParamsSchema = idParamsSchema;

/**
 * Resources on top of the plan. For a plan these are add-ons (storage in steps of 10 GB, transfer in TB);
 * for a custom plan (no productId) they are the whole machine, within `customPlanBounds`.
 */
export const extraResourceSchema = z.object({
  cpu: z.number().int().min(0).max(customPlanBounds.cpu.max),
  ramInGB: z.number().int().min(0).max(customPlanBounds.ramInGB.max),
  diskInGB: z.number().int().min(0).max(customPlanBounds.diskInGB.max).multipleOf(10, 'validation.invalid'),
  bandwidthInTB: z.number().int().min(0).max(customPlanBounds.bandwidthInTB.max),
});
export type ExtraResource = z.infer<typeof extraResourceSchema>;

const backupScheduleShape = {
  scheduleFrequency: z.enum(backupFrequencies),
  scheduleWeekDays: z.array(z.number().int().min(0).max(6)).max(7).nullable().default(null),
  periodId: id,
};
type BackupSchedule = { scheduleFrequency: string; scheduleWeekDays: number[] | null };
const weeklyHasDays = (s: BackupSchedule) =>
  s.scheduleFrequency === 'daily' || (s.scheduleWeekDays?.length ?? 0) > 0;
const normalisedDays = <T extends BackupSchedule>(s: T): T => ({
  ...s,
  scheduleWeekDays: s.scheduleFrequency === 'daily' ? null : [...new Set(s.scheduleWeekDays)].sort(),
});
const daysRequired = { path: ['scheduleWeekDays'], message: 'validation.backup.days' };

/** A backup schedule (instances.md §5): weekly needs at least one day; daily has none. */
export const backupSettingsSchema = z
  .object(backupScheduleShape)
  .refine(weeklyHasDays, daysRequired)
  .transform(normalisedDays);
/** POST and PUT /backups: the instance and its schedule. */
export const backupSettingsRequestSchema = z
  .object({ instanceId: id, ...backupScheduleShape })
  .refine(weeklyHasDays, daysRequired)
  .transform(normalisedDays);
export type BackupSettings = z.output<typeof backupSettingsSchema>;

/** POST /instances (instances.md §3 "Creation parameters"); one instance per hostname. */
export const createInstancesRequestSchema = z
  .object({
    region: id,
    /** Absent for a custom plan, whose machine is `extraResource`. */
    productId: id.nullable().optional(),
    class: planClassSchema.default('default'),
    osId: id.nullable().optional(),
    appId: id.nullable().optional(),
    isoId: id.nullable().optional(),
    fromSnapshot: id.nullable().optional(),
    backupId: id.nullable().optional(),
    hostnames: z.array(hostnameSchema).min(1).max(MAX_INSTANCES_PER_ORDER, 'validation.instances.quantity'),
    sshKeyIds: z.array(id).max(50).default([]),
    featureIds: z.array(id).max(50).default([]),
    assignIpv4: z.boolean().default(true),
    assignIpv6: z.boolean().default(false),
    extraResource: extraResourceSchema.default(noExtraResource),
    billingCycle: billingCycleSchema,
    isSubscriptionAutoRenewEnabled: z.boolean().default(true),
    ocaData: z.record(z.string(), z.string().max(255)).default({}),
    floatingIPCount: z.number().int().min(0).max(MAX_FLOATING_IPS_PER_INSTANCE).default(0),
    backupSettings: backupSettingsSchema.nullable().optional(),
    isDdosProtected: z.boolean().default(false),
    /** The customer accepted that instances beyond the promotion limit are charged at the base price. */
    acceptPromotionLimit: z.boolean().default(false),
  })
  .refine((r) => r.assignIpv4 || r.assignIpv6, {
    message: 'validation.instances.network',
    path: ['assignIpv4'],
  })
  .refine((r) => new Set(r.hostnames.map((h) => h.toLowerCase())).size === r.hostnames.length, {
    message: 'validation.instances.hostnamesUnique',
    path: ['hostnames'],
  });
export type CreateInstancesRequest = z.input<typeof createInstancesRequestSchema>;
export type CreateInstancesParams = z.output<typeof createInstancesRequestSchema>;

export const creationResultSchema = z.object({
  hostname: z.string(),
  code: z.enum(creationResultCodes),
  detail: z.string(),
  instanceId: id.nullable(),
  /** The generated root or Administrator password, shown once. */
  password: z.string().nullable(),
});
export type CreationResult = z.infer<typeof creationResultSchema>;
export const createInstancesResponseSchema = z.object({ results: z.array(creationResultSchema) });

export const creationStatusQuerySchema = z.object({
  ids: idListParamSchema(MAX_INSTANCES_PER_ORDER),
});
export const creationStatusSchema = z.object({
  instances: z.array(
    z.object({
      id,
      hostname: z.string(),
      state: z.enum(creationStates),
      status: instanceStatusSchema.nullable(),
      mainIp: z.string().nullable(),
      detail: z.string(),
    }),
  ),
});
export type CreationStatus = z.infer<typeof creationStatusSchema>;

export const osSummarySchema = z.object({ id, name: z.string(), family: z.string() });

export const billingDetailSchema = z.object({
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  billingCycle: billingCycleSchema,
  purchasedPrice: moneyStringSchema,
  /**
   * Suspended: days left before termination, 8 − days since the end date of a renewal that could not be
   * paid, or for hourly since negative credit suspended it.
   */
  daysUntilTermination: z.number().int().nonnegative().nullable(),
  /** Suspended: when it is terminated (ISO 8601), the moment `daysUntilTermination` counts down to. */
  terminatesAt: z.string().nullable(),
  status: z.enum(['active', 'suspended', 'ended', 'terminated']),
});

/** An instance (instances.md §3). RAM in MB, disk in GB. */
export const instanceSchema = z.object({
  id,
  hostname: z.string(),
  status: instanceStatusSchema,
  networkStatus: networkStatusSchema,
  class: planClassSchema,
  vcpuCount: z.number().int().nonnegative(),
  ram: z.number().int().nonnegative(),
  disk: z.number().int().nonnegative(),
  bandwidthInTB: z.number().int().nonnegative(),
  os: osSummarySchema.nullable(),
  osId: id.nullable(),
  appId: id.nullable(),
  isoId: id.nullable(),
  attachIso: z.boolean(),
  mainIp: z.string().nullable(),
  mainIpv6: z.string().nullable(),
  mainIpPTR: z.string().nullable(),
  mainIpv6PTRs: z.array(z.object({ ip: z.string(), ptr: z.string() })),
  /** The routed IPv6 /64 the instance's addresses come from. */
  ipv6Range: z.string().nullable(),
  netmaskV4: z.string().nullable(),
  netmaskV6: z.string().nullable(),
  gatewayV4: z.string().nullable(),
  gatewayV6: z.string().nullable(),
  isDdosProtected: z.boolean(),
  insertedAt: z.string(),
  startedAt: z.string().nullable(),
  /** GPU preorders: when the hardware is expected. */
  dueDate: z.string().nullable(),
  isPreorder: z.boolean(),
  region: z.object({ id, name: z.string(), image: z.string() }),
  productId: id.nullable(),
  planName: z.string().nullable(),
  features: z.array(z.object({ id, name: z.string() })),
  sshKeys: z.array(z.string()),
  ocaData: z.record(z.string(), z.string()),
  extraResource: extraResourceSchema,
  billingCycle: billingCycleSchema,
  isSubscriptionAutoRenewEnabled: z.boolean(),
  billingDetail: billingDetailSchema.nullable(),
  discountPercent: z.number().min(0).max(100),
  /** Root, or Administrator on Windows. */
  username: z.string(),
  /** The account or the instance is suspended: actions are refused with the access-suspended message. */
  isSuspended: z.boolean(),
});
export type Instance = z.infer<typeof instanceSchema>;

export const instanceStatusFilterSchema = z.enum(instanceStatusFilters);
export type InstanceStatusFilter = z.infer<typeof instanceStatusFilterSchema>;

const optionalIpv4 = z
  .string()
  .trim()
  .refine((v) => v === '' || isValidIpv4(v), 'validation.ip.invalid')
  .optional();

export const instanceListQuerySchema = z.object({
  status: instanceStatusFilterSchema.optional(),
  interval: intervalOptionSchema.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  ipv4: optionalIpv4,
  region: idParamSchema.optional(),
  /** Opaque cursor from the previous page's `bookmark`. */
  bookmark: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(INSTANCE_LIST_MAX_LIMIT).default(INSTANCE_LIST_PAGE_SIZE),
});
export type InstanceListQuery = z.input<typeof instanceListQuerySchema>;

/** GPU preorders come first on the first page; `bookmark` is null on the last page. */
export const instanceListSchema = z.object({
  instances: z.array(instanceSchema),
  bookmark: z.string().nullable(),
  previousBookmark: z.string().nullable(),
});
export type InstanceList = z.infer<typeof instanceListSchema>;

/** GET /instances/stats (platform.md §3 "Instance count"). */
export const instanceStatsSchema = z.object({
  instanceCount: z.number().int().nonnegative(),
  poweredOnInstanceCount: z.number().int().nonnegative(),
  shutdownInstanceCount: z.number().int().nonnegative(),
  suspendedInstanceCount: z.number().int().nonnegative(),
});
export type InstanceStats = z.infer<typeof instanceStatsSchema>;

export const changeHostnameRequestSchema = z.object({ hostname: hostnameSchema });
export const changeOsRequestSchema = z.object({ osId: id });
/** The spec's answer nests the new password once more (`data.data.password`). */
export const changeOsResponseSchema = z.object({ data: z.object({ password: z.string() }) });
/** Power-off takes an optional password in the spec's call; the panel sends none. */
export const powerOffRequestSchema = z.object({ password: z.string().max(128).optional() }).default({});
export const passwordResponseSchema = z.object({ password: z.string() });
/**
 * A password reset's answer: the password, and when the server takes it — `now` (its guest agent set
 * it) or at its `next_boot` (a guest without an agent reads it from its first-boot configuration).
 */
export const passwordResetResponseSchema = passwordResponseSchema.extend({
  appliesAt: z.enum(['now', 'next_boot']),
});
export const manageAutoRenewRequestSchema = z.object({ autoRenew: z.boolean() });
/** The spec's other call for the same switch (instances.md §7 change-billing-cycle). */
export const changeBillingCycleRequestSchema = z.object({ isAutoRenewEnabled: z.boolean() });
export const manageAutoRenewResponseSchema = z.object({
  code: z.boolean(),
  isSubscriptionAutoRenewEnabled: z.boolean(),
});

/** What deleting a subscription instance gives back (README "Billing": unused whole days of the cycle). */
export const subscriptionRefundSchema = z.object({
  instanceId: id,
  hostname: z.string(),
  billingCycle: billingCycleSchema,
  refundable: z.boolean(),
  refundAmount: moneyStringSchema,
  unusedDays: z.number().int().nonnegative(),
  cycleEnd: z.string().nullable(),
});
export type SubscriptionRefund = z.infer<typeof subscriptionRefundSchema>;
export const bulkSubscriptionRefundRequestSchema = z.object({
  ids: z.array(id).min(1).max(100),
});
export const bulkSubscriptionRefundSchema = z.object({
  refunds: z.array(subscriptionRefundSchema),
  totalRefund: moneyStringSchema,
});
