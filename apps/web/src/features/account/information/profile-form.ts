import type { UpdateProfileRequest, UserInfo, updateProfileRequestSchema } from '@nimbus/contract';
import type { z } from 'zod';

export type ProfileFormValues = UpdateProfileRequest;
export type ProfileUpdate = z.output<typeof updateProfileRequestSchema>;
export const profileFields = ['fullname', 'phone', 'region', 'city', 'country'] as const;

/** The form starts from the saved profile; missing values are empty strings so inputs stay controlled. */
export const profileFormValues = (user: UserInfo): ProfileFormValues => ({
  fullname: user.fullname,
  phone: user.phone?.phone ?? '',
  region: user.region ?? '',
  city: user.city ?? '',
  country: user.country ?? '',
});

const normalized = (value: string | null | undefined) => value?.trim() || null;
/** Phones are saved in E.164; "+1 415-555 0123" is the same number as "+14155550123". */
const phoneDigits = (value: string | null | undefined) => value?.replace(/[\s().-]/g, '') || null;

/**
 * True when saving would store what is already saved. Compares the validated update (trimmed, empty
 * as null) with the saved profile, so added spaces or a cleared-then-retyped value count as no change.
 */
export function isProfileUnchanged(update: ProfileUpdate, user: UserInfo): boolean {
  return (
    normalized(update.fullname) === normalized(user.fullname) &&
    phoneDigits(update.phone) === phoneDigits(user.phone?.phone) &&
    normalized(update.region) === normalized(user.region) &&
    normalized(update.city) === normalized(user.city) &&
    normalized(update.country) === normalized(user.country)
  );
}
