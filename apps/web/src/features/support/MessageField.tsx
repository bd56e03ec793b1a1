import { TICKET_MESSAGE_MIN } from '@nimbus/contract';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form/FormTextField';

/** The text of a ticket or a reply: several lines, sent as plain text. */
export function MessageField<T extends FieldValues>({
  control,
  name,
  label,
  minRows = 6,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  minRows?: number;
}) {
  const { t } = useTranslation('support');
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      helperText={t('fields.messageHint', { min: TICKET_MESSAGE_MIN })}
      required
      multiline
      minRows={minRows}
      maxRows={20}
    />
  );
}
