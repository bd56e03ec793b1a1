import { z } from 'zod';
import { idParamSchema, idSchema } from './ids';
import { moneyStringSchema } from './money';
import { SNAPSHOT_LIST_MAX_LIMIT, SNAPSHOT_PAGE_SIZE, snapshotStatuses } from './snapshots-rules';

/** Snapshots of instances (instances.md §3, §7); constants and rules are in snapshots-rules.ts. */

export const snapshotStatusSchema = z.enum(snapshotStatuses);

/** What the instance was when the snapshot was taken: what an instance created from it needs. */
export const snapshotMetadataSchema = z.object({
  ip: z.string().nullable(),
  ipv6: z.string().nullable(),
  hostname: z.string(),
  instanceClass: z.string(),
  osId: z.number().int().nullable(),
  isoId: z.number().int().nullable(),
  appId: z.number().int().nullable(),
  features: z.array(z.number().int()),
  vCpuCount: z.number().int(),
  ram: z.number().int(),
  disk: z.number().int(),
  extraVCpuCount: z.number().int(),
  extraRamInGb: z.number().int(),
  extraDiskInGb: z.number().int(),
});
export type SnapshotMetadata = z.infer<typeof snapshotMetadataSchema>;

export const snapshotSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** MB; null until the snapshot is taken. */
  size: z.number().int().nonnegative().nullable(),
  status: snapshotStatusSchema,
  createdAt: z.string(),
  lastRestoredAt: z.string().nullable(),
  instanceId: idSchema,
  regionId: z.number().int(),
  /** Absent for an instance on a custom plan. */
  productId: z.number().int().nullable(),
  isInstanceDeleted: z.boolean(),
  /** What keeping it costs a month, in the catalogue's currency; null until its size is known. */
  monthlyPrice: moneyStringSchema.nullable(),
  metadata: snapshotMetadataSchema,
});
export type Snapshot = z.infer<typeof snapshotSchema>;

export const snapshotListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(SNAPSHOT_LIST_MAX_LIMIT).default(SNAPSHOT_PAGE_SIZE),
  status: snapshotStatusSchema.optional(),
  instanceId: idParamSchema.optional(),
  /** Automated backups are listed under /backups; asking for them here lists none. */
  isAutomatedBackup: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const snapshotListSchema = z.object({
  items: z.array(snapshotSchema),
  pageSize: z.number().int().positive(),
  totalCount: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
});
export type SnapshotList = z.infer<typeof snapshotListSchema>;

export const createSnapshotRequestSchema = z.object({ instanceId: idSchema });
/** The spec's detail answers nest the snapshot once more (`data.data`). */
export const snapshotDetailSchema = z.object({ data: snapshotSchema });
