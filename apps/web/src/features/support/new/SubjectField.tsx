import type { CreateTicket } from '@nimbus/contract';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/FormTextField';

/** The ticket's subject: what the lists show. */
export function SubjectField({ control }: { control: Control<CreateTicket> }) {
  const { t } = useTranslation('support');
  return (
    <FormTextField control={control} name="title" label={t('fields.subject')} required autoComplete="off" />
  );
}
