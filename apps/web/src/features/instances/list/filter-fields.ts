import { instanceStatusFilters } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import type { FilterField } from '../../../components/filters';

/** The list's filter dropdown: interval and status in the panel's words (instances.md §2). */
export function useInstanceFilterFields(): FilterField[] {
  const { t } = useTranslation('instances');
  return [
    { kind: 'interval', label: t('filters.interval') },
    {
      kind: 'choice',
      name: 'status',
      label: t('filters.status'),
      options: instanceStatusFilters.map((value) => ({ value, label: t(`filters.statuses.${value}`) })),
    },
  ];
}
