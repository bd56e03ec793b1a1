import { useCallback, useState } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { applyApiErrorToFields } from '../../api/errors';
import { authErrorMessageKey } from './errors';

interface ServerErrorOptions<T extends FieldValues> {
  setError: UseFormSetError<T>;
  /** Fields whose validation issues from the server are shown on the field itself. */
  fields: readonly FieldPath<T>[];
  /** API codes that belong to one field, e.g. EMAIL_ALREADY_USED → email. */
  fieldByCode?: Partial<Record<string, FieldPath<T>>>;
}

/**
 * One way for every auth form to show a failed call: on the fields where it fits, otherwise as one
 * message (an i18n key with namespace) above the form.
 */
export function useServerError<T extends FieldValues>({
  setError,
  fields,
  fieldByCode,
}: ServerErrorOptions<T>) {
  const [formError, setFormError] = useState<string | null>(null);
  const onError = useCallback(
    (error: unknown) => {
      if (!applyApiErrorToFields(error, setError, fields, fieldByCode, authErrorMessageKey)) {
        setFormError(authErrorMessageKey(error));
      }
    },
    [setError, fields, fieldByCode],
  );
  const clear = useCallback(() => setFormError(null), []);
  return { formError, onError, clear };
}
