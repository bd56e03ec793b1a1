import { errorCodes, supportErrorCodes } from '@nimbus/contract';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { applyApiErrorToFields } from '../../api/errors';

/**
 * Puts a refused ticket or reply onto its form: validation issues by their path, an instance that is
 * not the customer's on the instance field. Returns false when nothing fitted a field.
 */
export function applyTicketErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): boolean {
  const relatedField = fields.find((field) => field === 'relatedServiceId');
  return applyApiErrorToFields(
    error,
    setError,
    fields,
    relatedField ? { [supportErrorCodes.relatedServiceUnknown]: relatedField } : {},
    (e) => `support:errors.${e.code}`,
  );
}

/**
 * What a refusal no field shows says above the form: the server's detail (forbidden content, a closed
 * ticket, an attachment gone), or the panel's text of a validation issue about something else.
 */
export function useProblemText() {
  const { t } = useTranslation();
  return (error: unknown) => {
    if (!(error instanceof ApiError)) return t('errors.unexpected');
    if (error.code === 'NETWORK_ERROR') return t('errors.network');
    const issue = error.code === errorCodes.validation ? error.issues[0] : undefined;
    if (issue?.message.startsWith('validation.')) return t(issue.message);
    return error.detail || t('errors.unexpected');
  };
}
