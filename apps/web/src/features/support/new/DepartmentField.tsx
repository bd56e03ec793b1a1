import { type CreateTicket, ticketDepartments } from '@nimbus/contract';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/FormTextField';

/** Which team the ticket goes to: Sales, Support or Other. */
export function DepartmentField({ control }: { control: Control<CreateTicket> }) {
  const { t } = useTranslation('support');
  return (
    <FormTextField
      control={control}
      name="department"
      select
      label={t('fields.department')}
      required
      slotProps={{ select: { native: true } }}
    >
      {ticketDepartments.map((department) => (
        <option key={department} value={department}>
          {t(`departments.${department}`)}
        </option>
      ))}
    </FormTextField>
  );
}
