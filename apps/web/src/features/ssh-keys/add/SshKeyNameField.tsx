import { Box } from '@mui/material';
import { SSH_KEY_NAME_MAX } from '@nimbus/contract';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../components/form/field-error';
import { TextInput } from '../../../components/form/TextInput';

/** The key's name, with a counter towards the 255-character limit shown beside any error. */
export function SshKeyNameField<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: FieldPath<T>;
}) {
  const { t } = useTranslation('sshKeys');
  const errorText = useFieldErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, ...field }, fieldState }) => {
        const length = Array.from(String(value ?? '')).length;
        return (
          <TextInput
            {...field}
            value={value ?? ''}
            inputRef={ref}
            label={t('add.name')}
            placeholder={t('add.namePlaceholder')}
            autoComplete="off"
            autoFocus
            required
            fullWidth
            error={Boolean(fieldState.error)}
            helperText={
              <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                <span>{errorText(fieldState.error?.message)}</span>
                {/* "12/255" reads left to right in every language; in RTL it would turn into "255/12". */}
                <Box
                  component="span"
                  dir="ltr"
                  sx={{ flexShrink: 0, color: length > SSH_KEY_NAME_MAX ? 'error.main' : undefined }}
                >
                  {t('add.nameCounter', { length, max: SSH_KEY_NAME_MAX })}
                </Box>
              </Box>
            }
          />
        );
      }}
    />
  );
}
