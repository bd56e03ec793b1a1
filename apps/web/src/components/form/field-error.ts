import { useTranslation } from 'react-i18next';

/**
 * Field messages are i18n keys: the contract's `validation.*` live in `common`, the auth area's own
 * carry their namespace (`auth:…`).
 */
export function useFieldErrorText() {
  const { t } = useTranslation('common');
  return (message: string | undefined) => (message ? t(message) : undefined);
}
