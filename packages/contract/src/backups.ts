import { z } from 'zod';
import { backupFileStatuses, backupFrequencies } from './backups-rules';
import { idParamSchema, idSchema } from './ids';

const id = idSchema;

export const backupInstanceQuerySchema = z.object({ instanceId: idParamSchema });

export const backupFileSchema = z.object({
  id,
  instanceId: id,
  createdAt: z.string(),
  status: z.enum(backupFileStatuses),
  /** MB, as the driver reports it. */
  size: z.number().nonnegative(),
});
export type BackupFile = z.infer<typeof backupFileSchema>;

/** An instance's backup settings (instances.md §3); `status` disabled when backups are off. */
export const backupProfileSchema = z.object({
  instanceId: id,
  status: z.enum(['active', 'disabled']),
  scheduleFrequency: z.enum(backupFrequencies),
  scheduleWeekDays: z.array(z.number().int()).nullable(),
  periodId: id,
  /** The fee per month (a share of the instance's price) and that share. */
  monthlyPrice: z.string(),
  feePercentage: z.number(),
  maxFiles: z.number().int().positive(),
  lastSuccessfulBackupTime: z.string().nullable(),
  nextBackupAt: z.string().nullable(),
  createdAt: z.string(),
  /** Disabled backups: when the stored files are deleted. */
  purgeAt: z.string().nullable(),
  backupFiles: z.array(backupFileSchema),
});
export type BackupProfile = z.infer<typeof backupProfileSchema>;

/** GET /backups/profiles: every instance with backups, for Services > Backups. */
export const backupProfileListSchema = z.array(
  backupProfileSchema.extend({
    instanceData: z.object({
      hostname: z.string(),
      mainIp: z.string().nullable(),
      regionId: id,
      regionName: z.string(),
      /** What the creation screen checks a backup against (instances.md §4 unavailable reasons). */
      planClass: z.string(),
      disk: z.number().int().nonnegative(),
      osId: id.nullable(),
    }),
  }),
);
export type BackupProfileListItem = z.infer<typeof backupProfileListSchema>[number];

export const restoreBackupRequestSchema = z.object({ confirm: z.string() });
