import { authErrorCodes, errorCodes } from '@nimbus/contract';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { CaptchaUnavailableError } from './captcha/captcha';

/** i18n keys (with namespace) of the auth messages of spec §8, by the API's error code. */
const messageByCode: Record<string, string> = {
  [authErrorCodes.wrongCredentials]: 'auth:errors.wrongCredentials',
  [authErrorCodes.signInLocked]: 'auth:errors.signInLocked',
  [authErrorCodes.captchaFailed]: 'auth:errors.captcha',
  [authErrorCodes.emailInUse]: 'auth:errors.emailInUse',
  [authErrorCodes.bannedEmailDomain]: 'auth:errors.bannedEmailDomain',
  [authErrorCodes.invalidToken]: 'auth:errors.invalidToken',
  [authErrorCodes.invalidCode]: 'auth:errors.invalidCode',
  [authErrorCodes.alreadyVerified]: 'auth:errors.alreadyVerified',
  [authErrorCodes.accountSuspended]: 'auth:errors.accountSuspended',
  [authErrorCodes.accountClosed]: 'auth:errors.accountClosed',
  [errorCodes.rateLimited]: 'auth:errors.rateLimited',
  NETWORK_ERROR: 'common:errors.network',
};

export const errorCodeOf = (error: unknown) => (error instanceof ApiError ? error.code : null);

/** The message key to show for a failed auth call; unknown failures get the spec's generic wording. */
export function authErrorMessageKey(error: unknown): string {
  if (error instanceof CaptchaUnavailableError) return 'auth:errors.captcha';
  if (!(error instanceof ApiError)) return 'common:errors.unexpected';
  const known = messageByCode[error.code];
  if (known) return known;
  return error.status >= 500 ? 'common:errors.tryAgain' : 'common:errors.unexpected';
}

/**
 * Puts a server rejection onto the form's fields: validation issues by their path, and the codes
 * listed in `fieldByCode` (e.g. EMAIL_ALREADY_USED → email). Returns false when nothing fit a field,
 * so the caller shows the message above the form instead.
 */
export function applyApiErrorToFields<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
  fieldByCode: Partial<Record<string, FieldPath<T>>> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  const codeField = fieldByCode[error.code];
  if (codeField) {
    setError(codeField, { type: 'server', message: authErrorMessageKey(error) }, { shouldFocus: true });
    return true;
  }
  if (error.code !== errorCodes.validation) return false;
  let placed = false;
  for (const issue of error.issues) {
    const field = fields.find((f) => f === issue.path);
    if (!field) continue;
    setError(field, { type: 'server', message: issue.message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
