import { TextField } from '@mui/material';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from './field-error';

interface EmailFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  autoFocus?: boolean;
}

export function EmailField<T extends FieldValues>({ control, name, autoFocus }: EmailFieldProps<T>) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  const {
    field: { ref, value, ...field },
    fieldState: { error },
  } = useController({ control, name });
  return (
    <TextField
      {...field}
      value={value ?? ''}
      inputRef={ref}
      type="email"
      label={t('fields.email')}
      autoComplete="email"
      autoFocus={autoFocus}
      required
      fullWidth
      error={Boolean(error)}
      helperText={errorText(error?.message)}
      slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
    />
  );
}
