import {
  billingErrorCodes,
  INSUFFICIENT_BALANCE_STATUS,
  instanceErrorCodes,
  isStableInstanceStatus,
  monthlyToHourlyMicros,
  SNAPSHOT_INSUFFICIENT_BALANCE_MESSAGE,
  snapshotErrorCodes,
  snapshotMonthlyPrice,
} from '@nimbus/contract';
import type { DbOrTx } from '../../db/client';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { AuthenticatedCustomer } from '../auth/auth.guard';
import { assertCanAfford } from '../billing/credit-check';
import { lockCreditAccount } from '../billing/ledger';
import { billingSettings } from '../catalogue/catalogue.repository';
import type { InstanceRecord } from '../instances/instance.mapper';
import { instanceNotFound } from '../instances/instance-reads.service';
import { accessSuspended, isAccountSuspended } from '../instances/instance-suspension';
import { findInstance } from '../instances/instances.repository';
import { instanceHasSnapshotInProgress } from './snapshots.repository';

export type Customer = Pick<AuthenticatedCustomer, 'id' | 'status'>;

/**
 * The customer's instance, if a snapshot may be taken of it or restored onto it now (instances.md §6):
 * not suspended (403), built and stable, not in rescue and no other snapshot operation on it (409), no
 * custom ISO attached (409).
 */
export async function snapshotableInstance(db: DbOrTx, customer: Customer, instanceId: number) {
  const record = await findInstance(db, customer.id, instanceId, isAccountSuspended(customer.status));
  if (!record) throw instanceNotFound();
  return assertSnapshotable(db, record);
}

export async function assertSnapshotable(db: DbOrTx, record: InstanceRecord) {
  const row = record.instance;
  if (record.suspended) throw accessSuspended();
  if (
    row.lifecycle !== 'ready' ||
    !isStableInstanceStatus(row.status) ||
    (await instanceHasSnapshotInProgress(db, row.id))
  )
    throw conflict(
      instanceErrorCodes.instanceChanging,
      'The instance is changing. Try again when it has settled.',
    );
  if (row.status === 'rescue')
    throw conflict(instanceErrorCodes.notAvailable, 'Leave rescue mode before working with snapshots.');
  if (row.isoId !== null)
    throw conflict(
      snapshotErrorCodes.isoAttached,
      'Snapshots are not available while a custom ISO is attached.',
    );
  return record;
}

/**
 * A new snapshot (or a retake) must leave the credit covering the running hourly instances and snapshots,
 * this one included at the size of the whole disk, for the days the catalogue checks (as creation does).
 * Answered as 460 BALANCE_WAS_INSUFFICIENT_FOR_ADDING_SNAPSHOT with the balance dialog's figures.
 */
export async function assertCanAffordSnapshot(tx: DbOrTx, customerId: number, diskGb: number) {
  const { oneMonthInHours, numberOfDaysForCreditCheck: days } = await billingSettings(tx);
  const hourly = monthlyToHourlyMicros(snapshotMonthlyPrice(diskGb * 1024), oneMonthInHours);
  const balance = await lockCreditAccount(tx, customerId);
  try {
    await assertCanAfford(tx, customerId, balance, hourly * 24 * days, days);
  } catch (error) {
    if (error instanceof AppError && error.code === billingErrorCodes.insufficientBalance) {
      throw new AppError(
        INSUFFICIENT_BALANCE_STATUS,
        snapshotErrorCodes.insufficientBalance,
        SNAPSHOT_INSUFFICIENT_BALANCE_MESSAGE,
        { data: error.extra.data },
      );
    }
    throw error;
  }
}

export const snapshotNotFound = () => notFound('No such snapshot.');
