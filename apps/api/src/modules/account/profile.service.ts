import {
  accountStateOf,
  authErrorCodes,
  isSuspendedStatus,
  type Locale,
  type UserInfo,
} from '@nimbus/contract';
import type { Database } from '../../db/client';
import { badRequest, unauthorized } from '../../lib/errors';
import { logActivity } from '../activity-log/activity-log.service';
import {
  type CustomerRow,
  findCustomerById,
  mergeAnalyticsIds,
  setCustomerLanguage,
  updateProfileFields,
} from '../auth/customers';

export function toUserInfo(row: CustomerRow): UserInfo {
  return {
    id: row.id,
    fullname: row.fullname,
    email: { email: row.email, isVerified: row.emailVerifiedAt !== null },
    unverifiedEmail: row.pendingEmail ? { email: row.pendingEmail } : null,
    phone: row.phone ? { phone: row.phone } : null,
    region: row.region,
    city: row.city,
    country: row.country,
    language: row.language,
    accountState: accountStateOf(row.status, row.emailVerifiedAt !== null),
    isSuspended: isSuspendedStatus(row.status),
    isAdminSuspended: row.status === 'suspended_by_admin',
    createdAt: row.createdAt.toISOString(),
  };
}

type ProfileFields = Pick<CustomerRow, 'fullname' | 'phone' | 'region' | 'city' | 'country'>;
const profileFields = ['fullname', 'phone', 'region', 'city', 'country'] as const;

/** The customer's own account: user info, profile fields and language. */
export function createProfileService(deps: { db: Database }) {
  const { db } = deps;

  async function load(customerId: number) {
    const row = await findCustomerById(db, customerId);
    if (!row) throw unauthorized();
    return row;
  }

  return {
    userInfo: async (customerId: number) => toUserInfo(await load(customerId)),

    recordCustomerStats: (customerId: number, ids: { googleId?: string; hash?: string }) =>
      mergeAnalyticsIds(db, customerId, ids),

    /** Saves the fields that differ; saving without a change is refused (spec §5 "nothing changed"). */
    async updateProfile(customerId: number, input: ProfileFields, ip: string | null): Promise<UserInfo> {
      return db.transaction(async (tx) => {
        const current = await findCustomerById(tx, customerId, { lock: true });
        if (!current) throw unauthorized();
        const changed = profileFields.filter((field) => (current[field] ?? null) !== (input[field] ?? null));
        if (changed.length === 0) throw badRequest(authErrorCodes.nothingChanged, 'Nothing changed.');
        const values = Object.fromEntries(changed.map((field) => [field, input[field] ?? null]));
        const updated = await updateProfileFields(tx, customerId, values);
        await logActivity(tx, { customerId, event: 'profile_updated', data: { fields: changed }, ip });
        return toUserInfo(updated!);
      });
    },

    async setLanguage(customerId: number, language: Locale) {
      await setCustomerLanguage(db, customerId, language);
      return { language };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
