import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/FormTextField';

interface FullNameFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  autoFocus?: boolean;
}

export function FullNameField<T extends FieldValues>({ control, name, autoFocus }: FullNameFieldProps<T>) {
  const { t } = useTranslation('auth');
  return (
    <FormTextField
      control={control}
      name={name}
      label={t('fields.fullname')}
      autoComplete="name"
      autoFocus={autoFocus}
      required
    />
  );
}
