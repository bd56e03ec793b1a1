import { z } from 'zod';
import { idParamSchema } from './ids';
import { ADD_BANDWIDTH_MAX_TB, ptrProblem } from './network-rules';

/** Transfer of the current 30-day cycle (instances.md §3 "Network stats"); GiB with two decimals. */
export const networkStatsSchema = z.object({
  instanceId: z.number().int().positive(),
  /** Plan transfer plus the packages bought in this cycle. */
  allowedBandwidth: z.number().nonnegative(),
  planBandwidth: z.number().nonnegative(),
  packageBandwidth: z.number().nonnegative(),
  actualUsage: z.number().nonnegative(),
  startedAt: z.string(),
  endsAt: z.string(),
  /** Transfer beyond the allowance so far, and what it costs at $0.01 per GiB. */
  exceedance: z.number().nonnegative(),
  overageAmount: z.string(),
  /** Deleting now charges the overage of the cycle so far. */
  willBeChargedInCaseOfTermination: z.boolean(),
});
export type NetworkStats = z.infer<typeof networkStatsSchema>;

/** GET /instances/network-stats?instanceId=1,2 (or repeated): the deletion page's figures, per instance. */
export const bulkNetworkStatsQuerySchema = z.object({
  instanceId: z.preprocess(
    (v) => (Array.isArray(v) ? v : v === undefined ? [] : String(v).split(',')),
    z.array(idParamSchema).min(1).max(100),
  ),
});
export const bulkNetworkStatsSchema = z.object({
  items: z.array(networkStatsSchema.extend({ externalId: z.number().int().positive() })),
});

/** The latest instant a JavaScript date holds: a larger epoch would be an invalid date. */
const MAX_EPOCH_MS = 8_640_000_000_000_000;

/** GET /instances/{id}/report: cumulative transfer per UTC day against the allowance. */
export const networkReportQuerySchema = z.object({
  startTime: z.coerce.number().int().nonnegative().max(MAX_EPOCH_MS).optional(),
  endTime: z.coerce.number().int().nonnegative().max(MAX_EPOCH_MS).optional(),
});
export const networkReportSchema = z.object({
  days: z.array(z.object({ date: z.string(), usage: z.number().nonnegative() })),
  allowed: z.object({ plan: z.number().nonnegative(), package: z.number().nonnegative() }),
  exceedance: z.number().nonnegative(),
  startedAt: z.string(),
  endsAt: z.string(),
});
export type NetworkReport = z.infer<typeof networkReportSchema>;

export const ptrNameSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = ptrProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v) => v.replace(/\.$/, '').toLowerCase());

/** PUT /instances/{id}/ptr: the reverse-DNS name of the main IPv4 or of an address in the IPv6 /64. */
export const setPtrRequestSchema = z.object({ ip: z.string().trim().min(1).max(45), ptr: ptrNameSchema });
/** DELETE /instances/{id}/ptr: back to the provider's default name (IPv4) or no name (IPv6). */
export const deletePtrQuerySchema = z.object({ ip: z.string().trim().min(1).max(45) });

export const addBandwidthRequestSchema = z.object({
  amountInTB: z.number().int().min(1).max(ADD_BANDWIDTH_MAX_TB),
});
export const enableIpRequestSchema = z.object({ type: z.enum(['ipv4', 'ipv6']) });
export const enableDdosRequestSchema = z.object({ type: z.literal('ipv4').default('ipv4') });
