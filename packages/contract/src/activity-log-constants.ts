// The zod-free part of activity-log.ts (zod-free.test.ts): the panel loads it without zod.

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
  // Rescue mode (issue 13).
  'instance_rescue_enabled',
  'instance_rescue_enabled_failed',
  'instance_rescue_disabled',
  'instance_rescue_disabled_failed',
  // Snapshots (issue 13).
  'instance_snapshot_requested',
  'instance_snapshot_taken',
  'instance_snapshot_failed',
  'instance_snapshot_restore_requested',
  'instance_snapshot_restored',
  'instance_snapshot_restore_failed',
  'instance_snapshot_deleted',
  // Change OS and reinstall (issue 13).
  'instance_os_changed',
  'instance_os_changed_failed',
  'instance_reinstalled',
  'instance_reinstalled_failed',
  // Resize (issue 13).
  'instance_resized',
  'instance_resize_failed',
  // Custom ISO (issue 13).
  'instance_iso_ejected',
  'instance_iso_ejected_failed',
  'instance_iso_expired',
  'iso_imported',
  'iso_ready',
  'iso_failed',
  'iso_deleted',
  'iso_expired',
  // Automated backups (issue 13).
  'instance_backup_enabled',
  'instance_backup_updated',
  'instance_backup_disabled',
  'instance_backup_taken',
  'instance_backup_failed',
  'instance_backup_restore_requested',
  'instance_backup_restored',
  'instance_backup_restore_failed',
  // Network (issue 13).
  'instance_ptr_changed',
  'instance_bandwidth_added',
  'instance_bandwidth_overage_charged',
  'instance_ip_enabled',
  'instance_ip_enable_failed',
  'instance_ddos_enabled',
  'instance_ddos_enable_failed',
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

export const DASHBOARD_LOG_ITEMS = 5;
/** The load-more button appears once more than this many entries are available (spec §9). */
export const LOG_LOAD_MORE_THRESHOLD = 18;

/** Email-sent entries whose subject mentions these are hidden from the customer (spec §3). */
export const hiddenEmailSubjectWords = ['ddos', 'backup'];
