import { z } from 'zod';
import { idParamSchema } from './ids';

/** Event types of the activity log (platform.md §3); later areas append theirs. */
export const activityEvents = [
  'registered',
  'login',
  'account_verified',
  'email_changed',
  'password_changed',
  'password_reset',
  'profile_updated',
  'api_token_created',
  'api_token_revoked',
  'suspended_by_admin',
  'unsuspended_by_admin',
  'suspended_by_billing',
  'unsuspended_by_billing',
  // An email not verified within 24 hours of sign-up puts the account under review until it is.
  'account_under_review',
  'account_review_lifted',
  'closed_by_admin',
  'email_sent',
  'auto_recharge_activated',
  'auto_recharge_deactivated',
  'auto_recharge_deactivated_by_admin',
  'auto_recharge_deactivated_by_system',
  'auto_recharge_processed',
  'auto_recharge_failed',
  'credit_adjusted',
  'kyc_approved',
  'kyc_rejected',
  // Instance reads, actions, deletion and billing ties (issue 5).
  'instance_powered_off',
  'instance_powered_off_failed',
  'instance_powered_on',
  'instance_powered_on_failed',
  'instance_restarted',
  'instance_restarted_failed',
  'instance_hostname_changed',
  'instance_hostname_changed_failed',
  'instance_password_reset',
  'instance_password_reset_failed',
  'instance_auto_renew_changed',
  'instance_renewed',
  'instance_delete_requested',
  // The unused days of a paid cycle given back on deletion (issue 11).
  'instance_refunded',
  'instance_terminated_by_billing',
  'instance_subscription_ended',
  // Instance creation, provisioning and GPU preorders (issue 5).
  'instance_created',
  'instance_creation_failed',
  'instance_deleted',
  'preorder_submitted',
  'preorder_allocated',
  'preorder_cancelled',
] as const;
export type ActivityEvent = (typeof activityEvents)[number];

export const activityLogEntrySchema = z.object({
  id: z.number().int(),
  event: z.string(),
  data: z.record(z.string(), z.unknown()),
  payload: z.object({ mainIp: z.string().nullable().optional() }).nullable(),
  iid: z.number().int().nullable(),
  timestamp: z.string(),
});
export type ActivityLogEntry = z.infer<typeof activityLogEntrySchema>;

/**
 * Cursor paging: `endTimestamp` is the timestamp of the last entry seen (entries strictly older follow);
 * an empty page is the end. Timestamps carry microseconds (`2025-01-31T12:00:00.123456Z`) and must be sent
 * back unchanged; a page never ends inside a group of entries sharing one timestamp, so none is skipped.
 */
export const activityLogQuerySchema = z.object({
  instanceId: idParamSchema.optional(),
  endTimestamp: z.iso.datetime({ offset: true, local: false }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ActivityLogQuery = z.input<typeof activityLogQuerySchema>;

export const activityLogListSchema = z.object({ logs: z.array(activityLogEntrySchema) });
export type ActivityLogList = z.infer<typeof activityLogListSchema>;

export const DASHBOARD_LOG_ITEMS = 5;
/** The load-more button appears once more than this many entries are available (spec §9). */
export const LOG_LOAD_MORE_THRESHOLD = 18;

/** Email-sent entries whose subject mentions these are hidden from the customer (spec §3). */
export const hiddenEmailSubjectWords = ['ddos', 'backup'];
