import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The provider's catalogue, loaded from a versioned data file at start-up. Prices are micro-dollars.
 * Rows are upserted by their file id; a row dropped from the file is marked inactive, never deleted,
 * because later data (instances, invoices) points at it.
 */
export const catalogueMeta = pgTable('catalogue_meta', {
  id: integer().primaryKey(),
  version: text().notNull(),
  checksum: text().notNull(),
  loadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const regions = pgTable('regions', {
  id: integer().primaryKey(),
  name: text().notNull(),
  image: text().notNull(),
  isHidden: boolean().notNull().default(false),
  overallActiveness: boolean().notNull().default(true),
  ddosActiveness: boolean().notNull().default(false),
  supportDdosIpv4: boolean().notNull().default(false),
  supportBackup: boolean().notNull().default(false),
  regionDiscounts: jsonb().$type<{ type: string; discounts: unknown[] }[]>().notNull().default([]),
  sortOrder: integer().notNull().default(0),
  inCatalogue: boolean().notNull().default(true),
});

export const products = pgTable('products', {
  id: integer().primaryKey(),
  name: text().notNull(),
  planClass: text().notNull(),
  overallActiveness: boolean().notNull().default(true),
  isOutOfSales: boolean().notNull().default(false),
  cpu: integer().notNull(),
  ramMb: integer().notNull(),
  storageGb: integer().notNull(),
  bandwidthTb: integer().notNull(),
  gpuName: text(),
  gpuQuantity: integer().notNull().default(0),
  basePriceMonthlyMicros: bigint({ mode: 'number' }).notNull(),
  ipv4PriceMonthlyMicros: bigint({ mode: 'number' }).notNull().default(0),
  discounts: jsonb()
    .$type<{ billingCycle: string; discountPercent: number; isActive: boolean }[]>()
    .notNull()
    .default([]),
  requiredFeatures: jsonb().$type<number[]>().notNull().default([]),
  sortOrder: integer().notNull().default(0),
  inCatalogue: boolean().notNull().default(true),
});

/** Where a product is sold: region price offset and stock capacity (allocations are counted elsewhere). */
export const productRegions = pgTable(
  'product_regions',
  {
    productId: integer()
      .notNull()
      .references(() => products.id),
    regionId: integer()
      .notNull()
      .references(() => regions.id),
    regionOffsetMonthlyMicros: bigint({ mode: 'number' }).notNull().default(0),
    stockCapacity: integer().notNull(),
    ddosIpv4Capacity: integer().notNull().default(0),
    inCatalogue: boolean().notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.productId, t.regionId] })],
);

export const osFamilies = pgTable('os_families', {
  name: text().primaryKey(),
  displayName: text().notNull(),
  icon: text().notNull(),
  sortOrder: integer().notNull().default(0),
  inCatalogue: boolean().notNull().default(true),
});

export const osVersions = pgTable('os_versions', {
  id: integer().primaryKey(),
  family: text()
    .notNull()
    .references(() => osFamilies.name),
  name: text().notNull(),
  isActive: boolean().notNull().default(true),
  disabled: boolean().notNull().default(false),
  minRamMb: integer().notNull().default(512),
  withPanel: boolean().notNull().default(false),
  sortOrder: integer().notNull().default(0),
  inCatalogue: boolean().notNull().default(true),
});

export const features = pgTable('features', {
  id: integer().primaryKey(),
  name: text().notNull(),
  featureGroup: text().notNull(),
  description: text().notNull().default(''),
  monthlyPriceMicros: bigint({ mode: 'number' }).notNull().default(0),
  isActive: boolean().notNull().default(true),
  /** Requirements on the plan and image; empty lists mean no restriction. */
  minRamMb: integer().notNull().default(0),
  planClasses: jsonb().$type<string[]>().notNull().default([]),
  unsupportedOsFamilies: jsonb().$type<string[]>().notNull().default([]),
  sortOrder: integer().notNull().default(0),
  inCatalogue: boolean().notNull().default(true),
});

export const applicationTags = pgTable('application_tags', {
  tag: text().primaryKey(),
  name: text().notNull(),
  icon: text().notNull(),
  /** The category the application grid opens on. */
  isSelected: boolean().notNull().default(false),
  sortOrder: integer().notNull().default(0),
  inCatalogue: boolean().notNull().default(true),
});

export const applications = pgTable('applications', {
  id: integer().primaryKey(),
  name: text().notNull(),
  description: text().notNull(),
  icon: text().notNull(),
  isBeta: boolean().notNull().default(false),
  isActive: boolean().notNull().default(true),
  osFamily: text().notNull(),
  osVersionId: integer().references(() => osVersions.id),
  tags: jsonb().$type<string[]>().notNull().default([]),
  summary: text().notNull().default(''),
  /** Form of the application settings (ocaData) the customer fills in at creation. */
  ocaFields: jsonb().$type<unknown[]>().notNull().default([]),
  minRamGb: integer().notNull().default(1),
  defaultRamGb: integer().notNull().default(2),
  sortOrder: integer().notNull().default(0),
  inCatalogue: boolean().notNull().default(true),
});

export const paymentGateways = pgTable('payment_gateways', {
  name: text().primaryKey(),
  id: integer().notNull().unique(),
  displayName: text().notNull(),
  /** Fee as a fraction in millionths (0.03 = 30000), exact like money. */
  feePercentMicros: integer().notNull().default(0),
  logoUrl: text().notNull(),
  sortOrder: integer().notNull().default(0),
  inCatalogue: boolean().notNull().default(true),
});

/** Single-row documents of the catalogue: the app-config constants and the banner. */
export const catalogueDocuments = pgTable('catalogue_documents', {
  name: text().primaryKey(),
  value: jsonb().notNull(),
});
