import { authErrorCodes, errorCodes } from '@nimbus/contract';
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

/** The message key to show for a failed auth call; unknown failures get the spec's generic wording. */
export function authErrorMessageKey(error: unknown): string {
  if (error instanceof CaptchaUnavailableError) return 'auth:errors.captcha';
  if (!(error instanceof ApiError)) return 'common:errors.unexpected';
  const known = messageByCode[error.code];
  if (known) return known;
  return error.status >= 500 ? 'common:errors.tryAgain' : 'common:errors.unexpected';
}
