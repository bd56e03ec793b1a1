import { type CreateSshKeyRequest, sshKeyErrorCodes } from '@nimbus/contract';
import type { UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../api/client';
import { applyApiErrorToFields } from '../../../api/errors';

/**
 * Puts a rejected "add key" onto the form: a taken name on the name field (the panel's wording), a key
 * already saved on the key field (the server's detail names the key it is saved as), validation issues
 * by their path. Returns false when nothing fitted a field.
 */
export function applyAddKeyErrors(error: unknown, setError: UseFormSetError<CreateSshKeyRequest>): boolean {
  if (error instanceof ApiError && error.code === sshKeyErrorCodes.nameExists) {
    setError('name', { type: 'server', message: 'validation.sshKey.nameExists' }, { shouldFocus: true });
    return true;
  }
  if (error instanceof ApiError && error.code === sshKeyErrorCodes.keyExists) {
    setError('publicKey', { type: 'server', message: error.detail }, { shouldFocus: true });
    return true;
  }
  return applyApiErrorToFields(error, setError, ['name', 'publicKey']);
}
