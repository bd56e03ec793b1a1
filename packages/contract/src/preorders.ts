import { z } from 'zod';
import { billingCycleSchema } from './catalogue';
import { hostnameSchema } from './field-validation';
import { idSchema } from './ids';
import { extraResourceSchema } from './instances';
import { MAX_INSTANCES_PER_ORDER, noExtraResource } from './instances-rules';
import { preorderStatuses } from './preorders-rules';

/** GPU preorders: GPU plans are ordered ahead of their hardware (platform.md §3, instances.md §7). */

const id = idSchema;

export const preorderMetadataRequestSchema = z
  .object({
    productId: id,
    osId: id.nullable().optional(),
    isoId: id.nullable().optional(),
    appId: id.nullable().optional(),
    ssh: z.array(id).max(50).default([]),
    features: z.array(id).max(50).default([]),
    assignIpv4: z.boolean().default(true),
    assignIpv6: z.boolean().default(false),
    billingCycle: billingCycleSchema,
    subscriptionAutoRenew: z.boolean().default(true),
    ocaData: z.record(z.string(), z.string().max(255)).default({}),
    extraResources: extraResourceSchema.default(noExtraResource),
    class: z.literal('gpu-provided'),
  })
  .refine((m) => m.assignIpv4 || m.assignIpv6, {
    message: 'validation.instances.network',
    path: ['assignIpv4'],
  });

export const createPreorderRequestSchema = z.object({
  type: z.literal('vm'),
  hostnames: z.array(hostnameSchema).min(1).max(MAX_INSTANCES_PER_ORDER, 'validation.instances.quantity'),
  regionId: id,
  metadata: preorderMetadataRequestSchema,
});
export type CreatePreorderRequest = z.input<typeof createPreorderRequestSchema>;

export const preorderSchema = z.object({
  id,
  description: z.string(),
  /** When the GPU is expected: submission plus gpuPreorderEta days. */
  dueDate: z.string(),
  regionId: id,
  customerId: id,
  isPreorder: z.literal(true),
  status: z.enum(preorderStatuses),
  /** The instance it became once allocated. */
  instanceId: id.nullable(),
  createdAt: z.string(),
  metadata: z.object({
    hostname: z.string(),
    osId: id.nullable(),
    isoId: id.nullable(),
    appId: id.nullable(),
    productId: id,
    extraResources: extraResourceSchema,
    class: z.literal('gpu-provided'),
    billingCycle: billingCycleSchema,
  }),
});
export type Preorder = z.infer<typeof preorderSchema>;
export const preorderListSchema = z.object({ preorders: z.array(preorderSchema) });
