import { type IsoImport, isoErrorCodes } from '@nimbus/contract';
import type { UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { applyApiErrorToFields } from '../../api/errors';

/** The server's refusals that belong to the address field, as the panel words them (instances.md §8). */
const urlErrors: Record<string, string> = {
  [isoErrorCodes.invalidFile]: 'instances:customIso.errors.invalidFile',
  [isoErrorCodes.tooLarge]: 'instances:customIso.errors.tooLarge',
  [isoErrorCodes.blockedAddress]: 'instances:customIso.errors.blockedAddress',
  [isoErrorCodes.unreachable]: 'instances:customIso.errors.unreachable',
};

/** Puts a refused import on its field; false when nothing fitted (the dialog shows it as an alert). */
export function applyImportErrors(error: unknown, setError: UseFormSetError<IsoImport>): boolean {
  if (error instanceof ApiError && urlErrors[error.code]) {
    setError('url', { type: 'server', message: urlErrors[error.code] }, { shouldFocus: true });
    return true;
  }
  return applyApiErrorToFields(error, setError, ['name', 'url', 'regionId']);
}
