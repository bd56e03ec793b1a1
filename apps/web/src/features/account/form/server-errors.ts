import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { applyApiErrorToFields } from '../../../api/errors';
import { useToast } from '../../../components/toast/ToastProvider';

/**
 * Puts an API error onto the form's fields: the account codes listed in `codeFields` (e.g.
 * WRONG_CURRENT_PASSWORD → old_password) with the account area's wording, validation issues by their
 * path. Returns false when nothing fitted, so the caller shows a toast instead.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
  codeFields: Partial<Record<string, FieldPath<T>>> = {},
): boolean {
  return applyApiErrorToFields(error, setError, fields, codeFields, (e) => `account:errors.${e.code}`);
}

/** Toasts an error no field shows: the account area's text for known codes, else the server's detail. */
export function useApiErrorToast() {
  const { t } = useTranslation();
  const toast = useToast();
  return (error: unknown) => {
    if (error instanceof ApiError) {
      const fallback = error.code === 'NETWORK_ERROR' ? t('errors.network') : error.detail;
      toast.error(t(`account:errors.${error.code}`, { defaultValue: fallback || t('errors.unexpected') }));
    } else {
      toast.error(t('errors.unexpected'));
    }
  };
}
