import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../components/form/field-error';
import { TextInput } from '../../../components/form/TextInput';

interface CodeFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  autoFocus?: boolean;
}

/** The 6-digit code from the email: digits only, and phones offer the code from the message. */
export function CodeField<T extends FieldValues>({ control, name, autoFocus }: CodeFieldProps<T>) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  const {
    field: { ref, value, onChange, ...field },
    fieldState: { error },
  } = useController({ control, name });
  return (
    <TextInput
      {...field}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
      inputRef={ref}
      label={t('fields.code')}
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      required
      fullWidth
      error={Boolean(error)}
      helperText={errorText(error?.message) ?? t('verify.codeHint')}
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          maxLength: 6,
          dir: 'ltr',
          style: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' },
        },
      }}
    />
  );
}
