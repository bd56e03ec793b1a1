import { errorCodes } from '@nimbus/contract';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './client';

export const errorCodeOf = (error: unknown) => (error instanceof ApiError ? error.code : null);

/**
 * Puts a server rejection onto the form's fields: validation issues by their path, and the codes
 * listed in `fieldByCode` (e.g. EMAIL_ALREADY_USED → email) with the area's wording from `messageOf`.
 * Returns false when nothing fit a field, so the caller shows the message above the form instead.
 */
export function applyApiErrorToFields<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
  fieldByCode: Partial<Record<string, FieldPath<T>>> = {},
  messageOf: (error: ApiError) => string = (e) => e.detail,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const codeField = fieldByCode[error.code];
  if (codeField) {
    setError(codeField, { type: 'server', message: messageOf(error) }, { shouldFocus: true });
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
