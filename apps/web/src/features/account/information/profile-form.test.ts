import { updateProfileRequestSchema } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { testUser } from '../account.test-helpers';
import { isProfileUnchanged, profileFormValues } from './profile-form';

const parsed = (values: Record<string, string>) =>
  updateProfileRequestSchema.parse({ ...profileFormValues(testUser), ...values });

describe('isProfileUnchanged', () => {
  it('sees the saved profile as unchanged', () => {
    expect(isProfileUnchanged(parsed({}), testUser)).toBe(true);
  });

  it('ignores added spaces and phone formatting', () => {
    expect(
      isProfileUnchanged(parsed({ fullname: '  Ada Lovelace ', phone: '+1 415-555 0123' }), testUser),
    ).toBe(true);
  });

  it('treats an empty field and a missing value alike', () => {
    const user = { ...testUser, region: null, phone: null };
    expect(isProfileUnchanged(parsed({ region: '   ', phone: '' }), user)).toBe(true);
  });

  it('notices each changed field', () => {
    expect(isProfileUnchanged(parsed({ fullname: 'Ada King' }), testUser)).toBe(false);
    expect(isProfileUnchanged(parsed({ phone: '+442071838750' }), testUser)).toBe(false);
    expect(isProfileUnchanged(parsed({ phone: '' }), testUser)).toBe(false);
    expect(isProfileUnchanged(parsed({ region: 'Nevada' }), testUser)).toBe(false);
    expect(isProfileUnchanged(parsed({ city: 'Oakland' }), testUser)).toBe(false);
    expect(isProfileUnchanged(parsed({ country: '' }), testUser)).toBe(false);
  });
});
