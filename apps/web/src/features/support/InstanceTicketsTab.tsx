import type { Instance } from '@nimbus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/SectionCard';
import { NewTicketButton } from './list/NewTicketButton';
import { TicketList } from './list/TicketList';

/**
 * An instance's Tickets tab (instances.md §2): the tickets about this instance, and a new one with the
 * instance preselected. The tab's URL carries no page: the table keeps its own.
 */
export function InstanceTicketsTab({ instance }: { instance: Instance }) {
  const { t } = useTranslation('support');
  const [page, setPage] = useState(1);
  const newTicket = <NewTicketButton instanceId={instance.id} size="small" />;
  return (
    <SectionCard title={t('instanceTab.title')} actions={newTicket}>
      <TicketList
        label={t('instanceTab.title')}
        filters={{ relatedServiceId: instance.id }}
        filtered={false}
        onClearFilters={() => {}}
        page={page}
        onPage={setPage}
        empty={{ title: t('instanceTab.empty'), hint: t('instanceTab.emptyHint'), action: null }}
      />
    </SectionCard>
  );
}
