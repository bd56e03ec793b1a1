import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/FormTextField';

/** The one line of an OpenSSH `.pub` file; technical text, so left to right and unspellchecked. */
export function PublicKeyField<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: FieldPath<T>;
}) {
  const { t } = useTranslation('sshKeys');
  return (
    <FormTextField
      control={control}
      name={name}
      label={t('add.publicKey')}
      placeholder={t('add.publicKeyPlaceholder')}
      helperText={t('add.publicKeyHelp', { path: '~/.ssh/id_ed25519.pub' })}
      required
      multiline
      minRows={4}
      maxRows={10}
      autoComplete="off"
      slotProps={{
        htmlInput: {
          dir: 'ltr',
          spellCheck: false,
          autoCapitalize: 'off',
          autoCorrect: 'off',
          style: { fontFamily: 'monospace', fontSize: '0.8125rem', wordBreak: 'break-all' },
        },
      }}
    />
  );
}
