import { ACCESS_SUSPENDED_MESSAGE, type AccountStatus, instanceErrorCodes } from '@nimbus/contract';
import { type SQL, sql } from 'drizzle-orm';
import { forbidden } from '../../lib/errors';
import { billableItemSuspendedSql } from '../billing/billable-items';
import { instances } from './instances.tables';

/**
 * When an instance is suspended (issue 5 §6): while its account is suspended (by billing, by an
 * administrator, for unusual activity, or under review for an email not verified within 24 hours of
 * sign-up, platform.md §4) or while its billable item is (a renewal that could not be paid,
 * or an hourly item of an account in the red). Nothing is stored for it: the billing engine already flips
 * accounts and items both ways, and the instance reads follow, so credit coming back resumes instances at
 * once. Power is left as it is: Nimbus cannot remember (tables are fixed) whether a server was running
 * before, and powering everything on at resumption would start servers the customer had stopped. The
 * suspension shows as status and network "suspended" and every server action is refused.
 */
const suspendedAccountStatuses: readonly AccountStatus[] = [
  'suspended_by_billing',
  'suspended_by_admin',
  'suspended_unusual_activity',
  'under_review',
];
export const isAccountSuspended = (status: AccountStatus) => suspendedAccountStatuses.includes(status);

/** SQL truth of "this instance is suspended" for a row joined (left) to its billable item. */
export const instanceSuspendedSql = (accountSuspended: boolean): SQL =>
  accountSuspended ? sql`true` : sql`(${billableItemSuspendedSql} OR ${instances.status} = 'suspended')`;

/** The answer to any server action on a suspended instance. */
export const accessSuspended = () => forbidden(instanceErrorCodes.accessSuspended, ACCESS_SUSPENDED_MESSAGE);
