import {
  appConfigSchema,
  bannerSchema,
  cycleDiscountSchema,
  gpuTagSchema,
  ocaFieldSchema,
  planClassSchema,
  planSpecificationSchema,
  regionDiscountSchema,
} from '@nimbus/contract';
import { z } from 'zod';
import { checkReferences } from './catalogue-file.references';

/**
 * The catalogue data file (catalogue/README.md documents it). Omitted flags take the defaults below;
 * prices are decimal strings; derived values (hourly prices, feature prices) are not in the file.
 */
const id = z.number().int().positive().max(2_147_483_647);
const slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,49}$/, 'lower-case letters, digits and hyphens');
const money = z.string().regex(/^\d{1,9}(\.\d{1,6})?$/, 'a decimal string such as "12.50"');
const text = z.string().trim().min(1);

const region = z
  .object({
    id,
    name: text,
    image: text,
    isHidden: z.boolean().default(false),
    overallActiveness: z.boolean().default(true),
    ddosActiveness: z.boolean().default(false),
    config: z
      .object({ supportDdosIpv4: z.boolean().default(false), supportBackup: z.boolean().default(false) })
      .strict()
      .default({ supportDdosIpv4: false, supportBackup: false }),
    regionDiscounts: z.array(regionDiscountSchema).default([]),
  })
  .strict();

const offer = z
  .object({
    regionId: id,
    regionOffset: money.default('0'),
    stock: z.number().int().nonnegative(),
    ddosIpv4Stock: z.number().int().nonnegative().default(0),
  })
  .strict();

const product = z
  .object({
    id,
    name: text,
    type: planClassSchema,
    overallActiveness: z.boolean().default(true),
    isOutOfSales: z.boolean().default(false),
    specification: planSpecificationSchema.strict(),
    monthlyPrice: money,
    ipv4Price: money.default('0'),
    gpuName: gpuTagSchema.nullable().default(null),
    gpuQuantity: z.number().int().nonnegative().default(0),
    discounts: z.array(cycleDiscountSchema.strict()).default([]),
    requiredFeatures: z.array(id).default([]),
    regions: z.array(offer).min(1),
  })
  .strict()
  .refine((p) => (p.type === 'gpu-provided') === (p.gpuName !== null && p.gpuQuantity > 0), {
    message: 'gpu-provided plans, and only they, need gpuName and gpuQuantity > 0',
    path: ['gpuName'],
  });

const osFamily = z
  .object({
    name: slug,
    displayName: text,
    icon: text,
    versions: z
      .array(
        z
          .object({
            id,
            name: text,
            isActive: z.boolean().default(true),
            disabled: z.boolean().default(false),
            minRam: z.number().int().nonnegative().default(512),
            withPanel: z.boolean().default(false),
          })
          .strict(),
      )
      .min(1),
  })
  .strict();

const feature = z
  .object({
    id,
    name: text,
    featureGroup: slug,
    description: z.string().default(''),
    monthlyPrice: money,
    isActive: z.boolean().default(true),
    minRam: z.number().int().nonnegative().default(0),
    planTypes: z.array(planClassSchema).default([]),
    unsupportedOsFamilies: z.array(slug).default([]),
  })
  .strict();

const applicationTag = z
  .object({ tag: slug, name: text, icon: text, isSelected: z.boolean().default(false) })
  .strict();

const application = z
  .object({
    id,
    name: text,
    description: text,
    icon: text,
    isBeta: z.boolean().default(false),
    isActive: z.boolean().default(true),
    osFamily: slug,
    osVersionId: id.nullable().default(null),
    tags: z.array(slug).default([]),
    summary: z.string().default(''),
    ocaFields: z.array(ocaFieldSchema.extend({ required: z.boolean().default(false) }).strict()).default([]),
    minRamInGB: z.number().int().positive().default(1),
    defaultRamInGB: z.number().int().positive().default(2),
  })
  .strict()
  .refine((a) => a.minRamInGB <= a.defaultRamInGB, {
    message: 'defaultRamInGB must be at least minRamInGB',
    path: ['defaultRamInGB'],
  });

const paymentGateway = z
  .object({
    id,
    name: slug,
    displayName: text,
    feePercent: z.string().regex(/^0(\.\d{1,6})?$/, 'a fraction such as "0.03"'),
    logoURL: text,
  })
  .strict();

/** Hourly prices and feature prices are derived when served, so the file cannot contradict itself. */
export const fileAppConfigSchema = appConfigSchema
  .omit({ IPV4PricePerHour: true, extraResourceHourlyPrice: true, featurePrices: true })
  .strict();
export type FileAppConfig = z.infer<typeof fileAppConfigSchema>;

const catalogueFileShape = z
  .object({
    $schema: z.string().optional(),
    version: z.string().regex(/^\d{4}\.\d{1,2}\.\d{1,4}$/, 'a version such as "2026.11.1"'),
    regions: z.array(region).min(1),
    features: z.array(feature).default([]),
    osFamilies: z.array(osFamily).min(1),
    products: z.array(product).min(1),
    applicationTags: z.array(applicationTag).default([]),
    applications: z.array(application).default([]),
    paymentGateways: z.array(paymentGateway).default([]),
    appConfig: fileAppConfigSchema,
    banner: bannerSchema.default(null),
  })
  .strict();
export type CatalogueFile = z.infer<typeof catalogueFileShape>;
export const catalogueFileSchema = catalogueFileShape.superRefine(checkReferences);
