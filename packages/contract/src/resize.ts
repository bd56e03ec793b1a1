import { z } from 'zod';
import { idSchema } from './ids';
import { extraResourceSchema } from './instances';
import { resizeModes } from './resize-rules';

const id = idSchema;

/**
 * POST /instances/{id}/resize (instances.md §7). `regionId` must be the instance's own region: a resize
 * never moves a server. `acknowledgeCleanInstall` is the panel's data-loss checkbox, required when the
 * disk would shrink.
 */
export const resizeRequestSchema = z
  .object({
    type: z.enum(resizeModes),
    productId: id.nullable().optional(),
    regionId: id,
    extraResource: extraResourceSchema,
    acknowledgeCleanInstall: z.boolean().default(false),
  })
  .refine((r) => r.type === 'CUSTOM' || r.productId != null, {
    path: ['productId'],
    message: 'validation.required',
  });
export type ResizeRequest = z.input<typeof resizeRequestSchema>;

/** The new password when the resize was a clean install, else null. */
export const resizeResponseSchema = z.object({ password: z.string().nullable() });
