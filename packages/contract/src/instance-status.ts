import { z } from 'zod';
import { instanceStatuses, networkStatuses } from './instance-status-rules';

/** Instance and network states; how the panel shows them is in instance-status-rules.ts. */

export const instanceStatusSchema = z.enum(instanceStatuses);
export type InstanceStatus = z.infer<typeof instanceStatusSchema>;

export const networkStatusSchema = z.enum(networkStatuses);
export type NetworkStatus = z.infer<typeof networkStatusSchema>;
