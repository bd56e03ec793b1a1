// The zod-free part of backups.ts (zod-free.test.ts): the panel loads it without zod.

import type { Micros } from './money-rules';

export const backupFrequencies = ['daily', 'weekly'] as const;
export type BackupFrequency = (typeof backupFrequencies)[number];
/** Backup files: being taken, taken, failed, or being written back onto the instance (instances.md §4). */
export const backupFileStatuses = ['taking', 'active', 'failed', 'restoring'] as const;
export type BackupFileStatus = (typeof backupFileStatuses)[number];
export type BackupProfileStatus = 'active' | 'disabled';

/** Defaults of the settings form (instances.md §9): weekly, the first period, Sunday and Monday. */
export const DEFAULT_BACKUP_FREQUENCY: BackupFrequency = 'weekly';
export const DEFAULT_BACKUP_PERIOD_ID = 1;
export const DEFAULT_BACKUP_WEEK_DAYS = [0, 1] as const;
/** Stored backups of disabled backups are deleted this long after (instances.md §4). */
export const BACKUP_PURGE_HOURS = 72;
/** The restore dialog's word, typed exactly (case-sensitive, instances.md §5). */
export const BACKUP_RESTORE_WORD = 'Restore';

export const backupErrorCodes = {
  notSupported: 'BACKUPS_NOT_SUPPORTED',
  alreadyEnabled: 'BACKUPS_ALREADY_ENABLED',
  notEnabled: 'BACKUPS_NOT_ENABLED',
  noDays: 'BACKUP_DAYS_REQUIRED',
  unknownPeriod: 'BACKUP_PERIOD_UNKNOWN',
  notRestorable: 'BACKUP_NOT_RESTORABLE',
} as const;

/** Seven days chosen is every day (instances.md §9). */
export const isEveryDay = (days: readonly number[]) => new Set(days).size === 7;

/** The backup fee per month: a percentage of the instance's monthly price, rounded up to the micro. */
export const backupMonthlyFee = (instanceMonthly: Micros, feePercentage: number): Micros =>
  Math.ceil((instanceMonthly * feePercentage) / 100);

/** A backup window of the catalogue ("00:00"–"04:00", UTC). */
export interface BackupPeriod {
  id: number;
  from: string;
  to: string;
}

const minutesOf = (hhmm: string) => {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

/**
 * The next time a schedule is due after `after`: on one of its days (every day when daily), inside the
 * period's window at `offsetMinutes` from its start (each instance its own minute, so a host's backups do
 * not all start at once). Days are 0 (Sunday) to 6, in UTC.
 */
export function nextBackupAt(
  schedule: { frequency: BackupFrequency; weekDays: readonly number[] | null },
  period: BackupPeriod,
  offsetMinutes: number,
  after: Date,
): Date {
  const start = minutesOf(period.from);
  const span = Math.max(1, minutesOf(period.to) - start);
  const minute = start + (offsetMinutes % span);
  const days = schedule.frequency === 'daily' ? [0, 1, 2, 3, 4, 5, 6] : [...(schedule.weekDays ?? [])];
  const base = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate());
  for (let d = 0; d <= 7; d++) {
    const day = new Date(base + d * 86_400_000);
    if (!days.includes(day.getUTCDay())) continue;
    const at = new Date(day.getTime() + minute * 60_000);
    if (at > after) return at;
  }
  // No day chosen: the schema refuses that; a week from now keeps the job from spinning.
  return new Date(after.getTime() + 7 * 86_400_000);
}
