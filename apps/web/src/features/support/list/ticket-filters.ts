import { shownTicketStatuses, ticketDepartments } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import type { FilterField } from '../../../components/filters';

/** The support page filters by department and by status as the panel names it (platform.md §2). */
export function useTicketFilterFields(): FilterField[] {
  const { t } = useTranslation('support');
  return [
    {
      kind: 'choice',
      name: 'department',
      label: t('fields.department'),
      options: ticketDepartments.map((department) => ({
        value: department,
        label: t(`departments.${department}`),
      })),
    },
    {
      kind: 'choice',
      name: 'status',
      label: t('fields.status'),
      options: shownTicketStatuses.map((status) => ({ value: status, label: t(`status.${status}`) })),
    },
  ];
}
