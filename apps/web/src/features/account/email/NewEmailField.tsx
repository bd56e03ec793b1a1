import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/FormTextField';

export function NewEmailField<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: FieldPath<T>;
}) {
  const { t } = useTranslation('account');
  return (
    <FormTextField
      control={control}
      name={name}
      type="email"
      label={t('email.newEmail')}
      autoComplete="email"
      required
      slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
    />
  );
}
