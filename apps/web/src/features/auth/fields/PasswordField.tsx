import { Visibility, VisibilityOff } from '@mui/icons-material';
import { IconButton, InputAdornment } from '@mui/material';
import { useState } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../components/form/field-error';
import { TextInput } from '../../../components/form/TextInput';

interface PasswordFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** `current-password` on sign-in, `new-password` where a password is chosen (lets managers suggest one). */
  autoComplete: 'current-password' | 'new-password';
  autoFocus?: boolean;
  /** Id of an element that explains the field (the rule checklist), read out while there is no error. */
  describedBy?: string;
}

/** A password input with a show/hide toggle. */
export function PasswordField<T extends FieldValues>({
  control,
  name,
  label,
  autoComplete,
  autoFocus,
  describedBy,
}: PasswordFieldProps<T>) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  const [visible, setVisible] = useState(false);
  const {
    field: { ref, value, ...field },
    fieldState: { error },
  } = useController({ control, name });
  return (
    <TextInput
      {...field}
      value={value ?? ''}
      inputRef={ref}
      type={visible ? 'text' : 'password'}
      label={label}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      required
      fullWidth
      error={Boolean(error)}
      helperText={errorText(error?.message)}
      slotProps={{
        // Only when set: an undefined key would also remove MUI's link to the error text.
        htmlInput: {
          dir: 'ltr',
          spellCheck: false,
          ...(describedBy && !error ? { 'aria-describedby': describedBy } : {}),
        },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label={t(visible ? 'fields.hidePassword' : 'fields.showPassword')}
                aria-pressed={visible}
                onClick={() => setVisible((v) => !v)}
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
