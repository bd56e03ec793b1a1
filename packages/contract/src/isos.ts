import { z } from 'zod';
import { idSchema } from './ids';
import { instanceStatusSchema } from './instance-status';
import { ISO_MAX_BYTES, isoFailures, isoNameProblem, isoStatuses, isoUrlProblem } from './isos-rules';

/** Custom ISO images (instances.md §3 "Custom ISO page", §5, §7); rules are in isos-rules.ts. */

export const isoStatusSchema = z.enum(isoStatuses);

export const isoSchema = z.object({
  id: idSchema,
  name: z.string(),
  url: z.string(),
  regionId: z.number().int(),
  useVirtio: z.boolean(),
  /** Bytes, as the source's HEAD answered. */
  size: z.number().int().nonnegative().max(ISO_MAX_BYTES),
  /** Bytes downloaded so far: the progress of a DOWNLOADING import. */
  downloadedBytes: z.number().int().nonnegative(),
  status: isoStatusSchema,
  createdAt: z.string(),
  /** READY: when the image is removed (and ejected) — the 48-hour rule. */
  expiresAt: z.string().nullable(),
  /** The source answered 404 or sent something that is not an ISO image. */
  isInvalidIso: z.boolean(),
  failure: z.enum(isoFailures).nullable(),
});
export type Iso = z.infer<typeof isoSchema>;

export const isoListSchema = z.object({ items: z.array(isoSchema) });

/** The import form's fields; the server checks them the same way and then asks the source for the size. */
export const isoImportSchema = z.object({
  name: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const problem = isoNameProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  url: z
    .string()
    .trim()
    .max(2048)
    .superRefine((v, ctx) => {
      const problem = isoUrlProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  regionId: idSchema,
  useVirtio: z.boolean().default(true),
});
export type IsoImport = z.input<typeof isoImportSchema>;

/** An instance that has the ISO attached (the Custom ISO page's second list). */
export const isoInstanceSchema = z.object({
  id: idSchema,
  hostname: z.string(),
  status: instanceStatusSchema,
  mainIp: z.string().nullable(),
});
export const isoInstancesSchema = z.object({ instances: z.array(isoInstanceSchema) });
export type IsoInstance = z.infer<typeof isoInstanceSchema>;
