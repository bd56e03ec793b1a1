import { TextField } from '@mui/material';
import { type CreateTicket, ticketDepartments } from '@nimbus/contract';
import { type Control, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../components/form/field-error';

/** Which team the ticket goes to: Sales, Support or Other. */
export function DepartmentField({ control }: { control: Control<CreateTicket> }) {
  const { t } = useTranslation('support');
  const errorText = useFieldErrorText();
  const {
    field: { ref, value, ...field },
    fieldState: { error },
  } = useController({ control, name: 'department' });
  return (
    <TextField
      {...field}
      value={value ?? ''}
      inputRef={ref}
      select
      fullWidth
      label={t('fields.department')}
      required
      error={Boolean(error)}
      helperText={errorText(error?.message)}
      slotProps={{ select: { native: true } }}
    >
      {ticketDepartments.map((department) => (
        <option key={department} value={department}>
          {t(`departments.${department}`)}
        </option>
      ))}
    </TextField>
  );
}
