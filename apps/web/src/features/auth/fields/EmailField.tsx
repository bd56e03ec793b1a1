import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/FormTextField';

interface EmailFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  autoFocus?: boolean;
}

export function EmailField<T extends FieldValues>({ control, name, autoFocus }: EmailFieldProps<T>) {
  const { t } = useTranslation('auth');
  return (
    <FormTextField
      control={control}
      name={name}
      type="email"
      label={t('fields.email')}
      autoComplete="email"
      autoFocus={autoFocus}
      required
      slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
    />
  );
}
