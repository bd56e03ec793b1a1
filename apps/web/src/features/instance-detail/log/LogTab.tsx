import HistoryIcon from '@mui/icons-material/History';
import type { Instance } from '@nimbus/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { InfrastructureError } from '../../../components/InfrastructureError';
import { SectionCard } from '../../../components/SectionCard';
import { EmptyState } from '../../../components/states/EmptyState';
import { ActivityLogListing } from '../../account/activity/ActivityLogListing';
import { instanceLogQuery } from '../queries';

/**
 * The instance's service log, in the activity log's words and layout. A log that cannot be loaded at
 * all is the infrastructure error screen (spec §8); a later page that fails says so under the entries.
 */
export function LogTab({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instanceTabs');
  const log = useInfiniteQuery(instanceLogQuery(instance.id));
  if (log.isError && !log.data) return <InfrastructureError onRetry={() => log.refetch()} />;
  return (
    <SectionCard title={t('log.title')}>
      <ActivityLogListing
        log={log}
        label={t('log.title')}
        empty={<EmptyState icon={<HistoryIcon />} title={t('log.empty')} />}
        failure={(retry) => <InfrastructureError variant="panel" onRetry={retry} />}
      />
    </SectionCard>
  );
}
