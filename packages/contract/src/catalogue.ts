import { z } from 'zod';
import { billingCycles, catalogueActions, gpuModels, planClasses } from './catalogue-rules';
import { EMAIL_PATTERN } from './field-validation-rules';
import { idSchema } from './ids';
import { moneyStringSchema } from './money';

/**
 * The provider's catalogue as the API serves it (platform.md §3, instances.md §3 and §9).
 * Field names follow the specification; RAM of plans and OS images is in MB, application RAM in GB.
 * The lists, billing cycles and page sizes these schemas use are in catalogue-rules.ts.
 */

export const planClassSchema = z.enum(planClasses);
export type PlanClass = z.infer<typeof planClassSchema>;

export const gpuTagSchema = z.enum(Object.keys(gpuModels) as [keyof typeof gpuModels]);
export type GpuTag = z.infer<typeof gpuTagSchema>;

export const billingCycleSchema = z.enum(billingCycles);
export type BillingCycle = z.infer<typeof billingCycleSchema>;

export const catalogueActionSchema = z.enum(catalogueActions);
export type CatalogueAction = z.infer<typeof catalogueActionSchema>;

const id = idSchema;
const percent = z.number().min(0).max(100);

export const cycleDiscountSchema = z.object({
  billingCycle: billingCycleSchema,
  discountPercent: percent,
  isActive: z.boolean(),
});
export type CycleDiscount = z.infer<typeof cycleDiscountSchema>;

/** A region's own cycle discounts for one plan class (`type`). */
export const regionDiscountSchema = z.object({
  type: planClassSchema,
  discounts: z.array(cycleDiscountSchema),
});

export const regionSchema = z.object({
  id,
  name: z.string(),
  image: z.string(),
  isHidden: z.boolean(),
  overallActiveness: z.boolean(),
  ddosActiveness: z.boolean(),
  config: z.object({ supportDdosIpv4: z.boolean(), supportBackup: z.boolean() }),
  regionDiscounts: z.array(regionDiscountSchema),
});
export type Region = z.infer<typeof regionSchema>;

export const priceItemSchema = z.object({
  id: z.enum(['BASE_PRICE', 'REGION_OFFSET']),
  monthlyPriceWithoutDiscount: moneyStringSchema,
});

export const planSpecificationSchema = z.object({
  cpu: z.number().int().positive(),
  /** MB */
  ram: z.number().int().positive(),
  /** GB */
  storage: z.number().int().positive(),
  bandwidthInTB: z.number().int().nonnegative(),
});

/**
 * A product (plan) as sold in `regionId`; GET /plans gives each product once with `regionId` null,
 * the base price only and the stock summed over the regions where it is sold.
 */
export const productSchema = z.object({
  id,
  name: z.string(),
  overallActiveness: z.boolean(),
  isOutOfSales: z.boolean(),
  priceItems: z.array(priceItemSchema),
  discounts: z.array(cycleDiscountSchema),
  plan: z.object({
    type: planClassSchema,
    specification: planSpecificationSchema,
    ipv4Price: moneyStringSchema,
    gpuName: gpuTagSchema.nullable(),
    gpuQuantity: z.number().int().nonnegative(),
  }),
  remainingStock: z.number().int().nonnegative(),
  remainingDdosIpv4: z.number().int().nonnegative(),
  requiredFeatures: z.array(id),
  regionId: id.nullable(),
});
export type Product = z.infer<typeof productSchema>;

/**
 * `disabled` is computed for the request: the image is switched off by the provider or does not fit the
 * chosen application or features. `isActive` false means retired (still listed for resize).
 */
export const osVersionSchema = z.object({
  id,
  name: z.string(),
  isActive: z.boolean(),
  disabled: z.boolean(),
  /** MB */
  minRam: z.number().int().nonnegative(),
  withPanel: z.boolean(),
});
export const osFamilySchema = z.object({
  name: z.string(),
  displayName: z.string(),
  icon: z.string(),
  versions: z.array(osVersionSchema),
});
export type OsFamily = z.infer<typeof osFamilySchema>;
export const osListSchema = z.object({ os: z.array(osFamilySchema) });

export const featureSchema = z.object({
  id,
  name: z.string(),
  featureGroup: z.string(),
  description: z.string(),
  /** Monthly price. */
  price: moneyStringSchema,
  isActive: z.boolean(),
  /** MB; plans with less RAM cannot carry the feature. */
  minRam: z.number().int().nonnegative(),
  /** Plan classes that can carry it; empty means all. */
  planTypes: z.array(planClassSchema),
  unsupportedOsFamilies: z.array(z.string()),
});
export type Feature = z.infer<typeof featureSchema>;
/** GET /features: keyed by feature id. */
export const featureMapSchema = z.record(z.string(), featureSchema);

/** One field of an application's settings form; answers travel as `ocaData[name]`. */
export const ocaFieldSchema = z.object({
  name: z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,63}$/),
  label: z.string(),
  type: z.enum(['text', 'email', 'password', 'select']),
  required: z.boolean(),
  helperText: z.string().optional(),
  defaultValue: z.string().optional(),
  minLength: z.number().int().nonnegative().optional(),
  maxLength: z.number().int().positive().optional(),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
});
export type OcaField = z.infer<typeof ocaFieldSchema>;

/** Validates the `ocaData` a customer sends against an application's form. */
export function ocaDataSchemaFor(fields: readonly OcaField[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of fields) {
    let s = z.string().trim();
    if (f.type === 'email') s = s.regex(EMAIL_PATTERN, 'validation.email.invalid');
    if (f.required) s = s.min(1, 'validation.required');
    if (f.minLength !== undefined) s = s.min(f.minLength, 'validation.invalid');
    s = s.max(f.maxLength ?? 255, 'validation.text.tooLong');
    const field =
      f.type === 'select' && f.options
        ? z.enum(f.options.map((o) => o.value) as [string, ...string[]], 'validation.invalid')
        : s;
    shape[f.name] = f.required ? field : field.optional().or(z.literal(''));
  }
  return z.object(shape).strict();
}

export const applicationSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  isBeta: z.boolean(),
  isActive: z.boolean(),
  osFamily: z.string(),
  /** The image the application is installed on; null when any version of `osFamily` fits. */
  osVersionId: id.nullable(),
  tags: z.array(z.string()),
  /** Sanitised HTML, the links marker, then a JSON list of {title, url}: see parseApplicationSummary. */
  summary: z.string(),
  ocaFields: z.array(ocaFieldSchema),
  minRamInGB: z.number().int().positive(),
  defaultRamInGB: z.number().int().positive(),
});
export type Application = z.infer<typeof applicationSchema>;

export const applicationListSchema = z.object({
  applications: z.array(applicationSchema),
  totalPages: z.number().int().nonnegative(),
  totalCount: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});

/** A category of the application grid (GET /applications/tags). */
export const applicationCategorySchema = z.object({
  name: z.string(),
  tag: z.string(),
  icon: z.string(),
  isSelected: z.boolean(),
});
export type ApplicationCategory = z.infer<typeof applicationCategorySchema>;

/** `feePercent` is a fraction: "0.03" is shown as 3 %. */
export const paymentGatewaySchema = z.object({
  id,
  name: z.string(),
  displayName: z.string(),
  feePercent: z.string().regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/),
  logoURL: z.string(),
});
export type PaymentGateway = z.infer<typeof paymentGatewaySchema>;

export const extraResourcePriceSchema = z.object({
  diskPerGb: moneyStringSchema,
  bandwidthPerTb: moneyStringSchema,
  ramPerGb: moneyStringSchema,
  cpuPerCore: moneyStringSchema,
});

/** Backup time windows (UTC, "HH:MM") a customer picks from. */
const clockTime = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/);
export const backupPeriodSchema = z.object({ id, from: clockTime, to: clockTime });

export const appConfigSchema = z.object({
  currency: z.string().length(3),
  currencySign: z.string().min(1),
  floatingIpPricePerMonth: moneyStringSchema,
  maxActiveFloatingIp: z.number().int().nonnegative(),
  numberOfDaysForCreditCheck: z.number().int().nonnegative(),
  maxFloatingIpPerUserPerMonth: z.number().int().nonnegative(),
  maxAllowedPromotedInstancePerRegionPerUser: z.number().int().nonnegative(),
  IPV4PricePerMonth: moneyStringSchema,
  IPV4PricePerHour: moneyStringSchema,
  extraResourceHourlyPrice: extraResourcePriceSchema,
  extraResourceMonthlyPrice: extraResourcePriceSchema,
  /** Monthly price keyed by feature id. */
  featurePrices: z.record(z.string(), moneyStringSchema),
  oneMonthInHours: z.number().int().positive(),
  /** Days until a preordered GPU server is expected. */
  gpuPreorderEta: z.number().int().nonnegative(),
  defaultBillingCycle: billingCycleSchema,
  backupConfigs: z.object({
    /** Percent of the VPS price per cycle (20 = 20 %). */
    feePercentage: percent,
    maxFiles: z.number().int().positive(),
    periodDetails: z.array(backupPeriodSchema),
  }),
  ddosIpv4MonthlyPrice: moneyStringSchema,
  extraTrafficPricePerTb: moneyStringSchema,
  snapshotPricePerGbMonth: moneyStringSchema,
  overagePricePerGib: moneyStringSchema,
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const bannerSchema = z
  .object({
    message: z.string().min(1),
    severity: z.enum(['info', 'success', 'warning', 'error']),
    link: z.object({ url: z.string(), label: z.string() }).optional(),
  })
  .nullable();
export type Banner = z.infer<typeof bannerSchema>;
