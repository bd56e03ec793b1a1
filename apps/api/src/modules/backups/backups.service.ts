import {
  type AppConfig,
  BACKUP_PURGE_HOURS,
  type BackupProfile,
  type BackupProfileListItem,
  type BackupSettings,
  backupErrorCodes,
  backupMonthlyFee,
  DEFAULT_BACKUP_FREQUENCY,
  DEFAULT_BACKUP_PERIOD_ID,
  DEFAULT_BACKUP_WEEK_DAYS,
  isStableInstanceStatus,
  monthlyToHourlyMicros,
  nextBackupAt,
} from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { badRequest, conflict } from '../../lib/errors';
import { logActivity } from '../activity-log/activity-log.service';
import {
  endBillableItem,
  lockBillableItem,
  monthlyPriceOf,
  startBillableItem,
} from '../billing/billable-items';
import { assertCanAfford } from '../billing/credit-check';
import { lockCreditAccount } from '../billing/ledger';
import { loadAppConfig } from '../catalogue/app-config';
import { listRegions } from '../catalogue/catalogue.repository';
import type { IdempotencyScope } from '../idempotency/idempotency.service';
import type { InstanceRecord } from '../instances/instance.mapper';
import { type Customer, changing } from '../instances/instance-action-support';
import { instanceFacts } from '../instances/instance-lifecycles';
import { instanceNotFound } from '../instances/instance-reads.service';
import { accessSuspended, isAccountSuspended } from '../instances/instance-suspension';
import { findInstance } from '../instances/instances.repository';
import {
  type BackupProfileRow,
  findProfile,
  listProfiles,
  liveFiles,
  lockProfile,
  toBackupProfile,
} from './backups.repository';
import { backupProfiles } from './backups.tables';

const HOUR_MS = 3_600_000;

/** Each instance's own minute inside its window, so a host's backups do not all start at once. */
export const offsetMinutesOf = (instanceId: number) => (instanceId * 37) % 240;

/** When a profile's next backup is due after `after`, from the catalogue's windows. */
export function nextDueOf(
  appConfig: Pick<AppConfig, 'backupConfigs'>,
  row: Pick<BackupProfileRow, 'instanceId' | 'scheduleFrequency' | 'scheduleWeekDays' | 'periodId'>,
  after: Date,
): Date {
  const period = appConfig.backupConfigs.periodDetails.find((p) => p.id === row.periodId);
  if (!period) return new Date(after.getTime() + 24 * HOUR_MS);
  return nextBackupAt(
    { frequency: row.scheduleFrequency, weekDays: row.scheduleWeekDays },
    period,
    offsetMinutesOf(row.instanceId),
    after,
  );
}

/**
 * Automated backups of an instance (instances.md §3–§6, §9): enable with a schedule (billed by the hour
 * at the catalogue's percentage of the instance's price), change the schedule, disable (the stored files
 * are deleted 72 hours later), and the settings with the files, for one instance or all of them.
 */
export function createBackupsService(deps: { db: Database }) {
  const { db } = deps;

  async function owned(customer: Customer, instanceId: number): Promise<InstanceRecord> {
    const record = await findInstance(db, customer.id, instanceId, isAccountSuspended(customer.status));
    if (!record || record.instance.lifecycle === 'deleting') throw instanceNotFound();
    return record;
  }

  /** The instance's monthly price (its billable item), which the fee is a share of. */
  async function instanceMonthly(tx: Tx | Database, record: InstanceRecord): Promise<number> {
    const itemId = record.instance.billableItemId;
    if (itemId === null) return 0;
    return monthlyPriceOf(tx, itemId);
  }

  function checkPeriod(appConfig: AppConfig, periodId: number) {
    if (!appConfig.backupConfigs.periodDetails.some((p) => p.id === periodId))
      throw badRequest(backupErrorCodes.unknownPeriod, 'Choose one of the backup windows offered.');
  }

  async function view(record: InstanceRecord): Promise<BackupProfile> {
    const appConfig = await loadAppConfig(db);
    const monthly = await instanceMonthly(db, record);
    const row = await findProfile(db, record.instance.id);
    if (!row)
      return toBackupProfile(
        {
          id: 0,
          customerId: record.instance.customerId,
          instanceId: record.instance.id,
          status: 'disabled',
          scheduleFrequency: DEFAULT_BACKUP_FREQUENCY,
          scheduleWeekDays: [...DEFAULT_BACKUP_WEEK_DAYS],
          periodId: DEFAULT_BACKUP_PERIOD_ID,
          nextDueAt: null,
          lastSuccessfulBackupAt: null,
          billableItemId: null,
          disabledAt: null,
          purgeAt: null,
          createdAt: new Date(),
          updatedAt: new Date(),
        },
        [],
        appConfig,
        monthly,
      );
    return toBackupProfile(row, await liveFiles(db, [row.instanceId]), appConfig, monthly);
  }

  const log = (tx: Tx, record: InstanceRecord, event: string, data: Record<string, unknown> = {}) =>
    logActivity(tx, {
      customerId: record.instance.customerId,
      event,
      data: { hostname: record.instance.hostname, ...data },
      instanceId: record.instance.id,
      mainIp: record.instance.mainIp,
    });

  return {
    async get(customer: Customer, instanceId: number): Promise<BackupProfile> {
      return view(await owned(customer, instanceId));
    },

    async enable(
      customer: Customer,
      settings: BackupSettings & { instanceId: number },
      idempotency: IdempotencyScope | null,
    ): Promise<BackupProfile> {
      const record = await owned(customer, settings.instanceId);
      if (idempotency?.committed) return view(record);
      if (record.suspended) throw accessSuspended();
      const row = record.instance;
      if (row.lifecycle !== 'ready' || !isStableInstanceStatus(row.status)) throw changing();
      const region = (await listRegions(db)).find((r) => r.id === row.regionId);
      if (!region?.supportBackup)
        throw conflict(backupErrorCodes.notSupported, 'Automated backups are not offered in this region.');
      const appConfig = await loadAppConfig(db);
      checkPeriod(appConfig, settings.periodId);
      await db.transaction(async (tx) => {
        const balance = await lockCreditAccount(tx, customer.id);
        const existing = await lockProfile(tx, row.id);
        if (existing?.status === 'active')
          throw conflict(backupErrorCodes.alreadyEnabled, 'Automated backups are already enabled.');
        const fee = backupMonthlyFee(
          await instanceMonthly(tx, record),
          appConfig.backupConfigs.feePercentage,
        );
        const days = appConfig.numberOfDaysForCreditCheck;
        const hourly = monthlyToHourlyMicros(fee, appConfig.oneMonthInHours);
        await assertCanAfford(tx, customer.id, balance, hourly * 24 * Math.max(1, days), days);
        const item = await startBillableItem(tx, {
          customerId: customer.id,
          resourceType: 'backup',
          resourceId: String(row.id),
          instanceId: row.id,
          description: row.hostname,
          subDescription: `Automated backups (${appConfig.backupConfigs.feePercentage} %)`,
          billingCycle: 'hourly',
          monthlyPrice: fee,
          reason: 'backup-activated',
          oneMonthInHours: appConfig.oneMonthInHours,
        });
        const schedule = {
          status: 'active' as const,
          scheduleFrequency: settings.scheduleFrequency,
          scheduleWeekDays: settings.scheduleWeekDays,
          periodId: settings.periodId,
          billableItemId: item.id,
          disabledAt: null,
          // Files kept from an earlier period of backups stay: enabling again cancels their deletion.
          purgeAt: null,
          updatedAt: new Date(),
        };
        const nextDueAt = nextDueOf(appConfig, { instanceId: row.id, ...schedule }, new Date());
        await tx
          .insert(backupProfiles)
          .values({ customerId: customer.id, instanceId: row.id, nextDueAt, ...schedule })
          .onConflictDoUpdate({ target: backupProfiles.instanceId, set: { ...schedule, nextDueAt } });
        await log(tx, record, 'instance_backup_enabled', {
          frequency: settings.scheduleFrequency,
          weekdays: settings.scheduleWeekDays,
        });
        await idempotency?.commit(tx);
      });
      return view(record);
    },

    async update(
      customer: Customer,
      settings: BackupSettings & { instanceId: number },
    ): Promise<BackupProfile> {
      const record = await owned(customer, settings.instanceId);
      if (record.suspended) throw accessSuspended();
      const appConfig = await loadAppConfig(db);
      checkPeriod(appConfig, settings.periodId);
      await db.transaction(async (tx) => {
        const existing = await lockProfile(tx, record.instance.id);
        if (existing?.status !== 'active')
          throw conflict(backupErrorCodes.notEnabled, 'Automated backups are not enabled for this instance.');
        const schedule = {
          scheduleFrequency: settings.scheduleFrequency,
          scheduleWeekDays: settings.scheduleWeekDays,
          periodId: settings.periodId,
        };
        await tx
          .update(backupProfiles)
          .set({
            ...schedule,
            nextDueAt: nextDueOf(appConfig, { instanceId: existing.instanceId, ...schedule }, new Date()),
            updatedAt: new Date(),
          })
          .where(eq(backupProfiles.id, existing.id));
        await log(tx, record, 'instance_backup_updated', {
          frequency: settings.scheduleFrequency,
          weekdays: settings.scheduleWeekDays,
        });
      });
      return view(record);
    },

    /** Stops backups and their fee; the stored files are deleted 72 hours later. Allowed while suspended. */
    async disable(customer: Customer, instanceId: number): Promise<BackupProfile> {
      const record = await owned(customer, instanceId);
      await db.transaction(async (tx) => {
        const existing = await lockProfile(tx, record.instance.id);
        if (existing?.status !== 'active')
          throw conflict(backupErrorCodes.notEnabled, 'Automated backups are not enabled for this instance.');
        await disableProfile(tx, existing, new Date());
        await log(tx, record, 'instance_backup_disabled');
      });
      return view(record);
    },

    /** Services > Backups: every instance with backups enabled, or disabled with files still kept. */
    async profiles(customer: Customer): Promise<BackupProfileListItem[]> {
      const rows = (await listProfiles(db, customer.id)).filter(
        (r) => r.status === 'active' || r.purgeAt !== null,
      );
      if (rows.length === 0) return [];
      const appConfig = await loadAppConfig(db);
      const facts = await instanceFacts(
        db,
        rows.map((r) => r.instanceId),
      );
      const regions = new Map((await listRegions(db)).map((r) => [r.id, r.name]));
      const files = await liveFiles(
        db,
        rows.map((r) => r.instanceId),
      );
      const items: BackupProfileListItem[] = [];
      for (const row of rows) {
        const fact = facts.get(row.instanceId);
        if (!fact) continue;
        const record = await findInstance(
          db,
          customer.id,
          row.instanceId,
          isAccountSuspended(customer.status),
        );
        const monthly = record ? await instanceMonthly(db, record) : 0;
        items.push({
          ...toBackupProfile(row, files, appConfig, monthly),
          instanceData: {
            hostname: fact.hostname,
            mainIp: fact.mainIp,
            regionId: fact.regionId,
            regionName: regions.get(fact.regionId) ?? '',
            planClass: fact.planClass,
            disk: fact.diskGb,
            osId: fact.osId,
          },
        });
      }
      return items;
    },
  };
}

/** Turns a profile off: no more backups, the fee ends, the files go after 72 hours. */
export async function disableProfile(tx: Tx, row: BackupProfileRow, now: Date) {
  await tx
    .update(backupProfiles)
    .set({
      status: 'disabled',
      nextDueAt: null,
      disabledAt: now,
      purgeAt: new Date(now.getTime() + BACKUP_PURGE_HOURS * HOUR_MS),
      updatedAt: now,
    })
    .where(eq(backupProfiles.id, row.id));
  if (row.billableItemId !== null) await endBillableItem(tx, row.billableItemId, 'backup-deactivated', now);
}

/**
 * Backups chosen in the creation form (instances.md §2): enabled with the instance, in the order's
 * transaction, billed from the instance's first hour; the first backup falls in a window after the build.
 */
export async function enableBackupsAtCreation(
  tx: Tx,
  input: {
    customerId: number;
    instanceId: number;
    hostname: string;
    instanceMonthly: number;
    settings: BackupSettings;
    appConfig: AppConfig;
  },
) {
  const { appConfig, settings } = input;
  const fee = backupMonthlyFee(input.instanceMonthly, appConfig.backupConfigs.feePercentage);
  const item = await startBillableItem(tx, {
    customerId: input.customerId,
    resourceType: 'backup',
    resourceId: String(input.instanceId),
    instanceId: input.instanceId,
    description: input.hostname,
    subDescription: `Automated backups (${appConfig.backupConfigs.feePercentage} %)`,
    billingCycle: 'hourly',
    monthlyPrice: fee,
    reason: 'backup-activated',
    oneMonthInHours: appConfig.oneMonthInHours,
  });
  const schedule = {
    instanceId: input.instanceId,
    scheduleFrequency: settings.scheduleFrequency,
    scheduleWeekDays: settings.scheduleWeekDays,
    periodId: settings.periodId,
  };
  await tx.insert(backupProfiles).values({
    customerId: input.customerId,
    status: 'active',
    billableItemId: item.id,
    nextDueAt: nextDueOf(appConfig, schedule, new Date(Date.now() + HOUR_MS)),
    ...schedule,
  });
}

/**
 * A resized instance's backups follow its new price from `at` (the resize's next full hour): the fee's
 * item ends there and a new one starts, both with reason `backup-resized`.
 */
export async function repriceBackups(tx: Tx, instanceId: number, instanceMonthly: number, at: Date) {
  const profile = await lockProfile(tx, instanceId);
  if (profile?.status !== 'active' || profile.billableItemId === null) return;
  const old = await lockBillableItem(tx, profile.billableItemId);
  if (!old) return;
  const appConfig = await loadAppConfig(tx);
  await endBillableItem(tx, old.id, 'backup-resized', at);
  const item = await startBillableItem(tx, {
    customerId: old.customerId,
    resourceType: 'backup',
    resourceId: String(instanceId),
    instanceId,
    description: old.description,
    subDescription: old.subDescription,
    billingCycle: 'hourly',
    monthlyPrice: backupMonthlyFee(instanceMonthly, appConfig.backupConfigs.feePercentage),
    reason: 'backup-resized',
    startedAt: at,
    oneMonthInHours: appConfig.oneMonthInHours,
  });
  await tx
    .update(backupProfiles)
    .set({ billableItemId: item.id, updatedAt: new Date() })
    .where(eq(backupProfiles.id, profile.id));
}
