import AddIcon from '@mui/icons-material/Add';
import { Box } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/links';
import { SectionCard } from '../../components/SectionCard';
import { ErrorState } from '../../components/states/ErrorState';
import { useSmallScreen } from '../billing/use-small-screen';
import { NoInstances } from '../instances/list/InstanceListStates';
import { InstanceTable } from '../instances/list/InstanceTable';
import { ListSkeleton } from '../instances/list/ListSkeleton';
import { instanceListQuery } from '../instances/queries';

/** How many instances the dashboard shows; "View all" opens the list. */
export const DASHBOARD_INSTANCE_ROWS = 5;

/** The customer's newest services, preorders first, with the ways to create one and see them all. */
export function InstancesCard() {
  const { t } = useTranslation('instances');
  const compact = useSmallScreen();
  // Only the first page: the dashboard never loads more, and polls it like the list does.
  const list = useInfiniteQuery(instanceListQuery({}, DASHBOARD_INSTANCE_ROWS));
  const instances = list.data?.pages[0]?.instances ?? [];
  // With no service yet, the empty state's "Create a service" is the one way on: no second create
  // button, and nothing to view all of.
  const empty = list.isSuccess && instances.length === 0;
  return (
    <SectionCard
      title={t('dashboard.instancesTitle')}
      actions={
        !empty && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <ButtonLink to="/createinstance" variant="contained" size="small" startIcon={<AddIcon />}>
              {t('list.newService')}
            </ButtonLink>
            <ButtonLink to="/services/instanceList" size="small">
              {t('dashboard.viewAll')}
            </ButtonLink>
          </Box>
        )
      }
    >
      {list.isPending ? (
        <ListSkeleton rows={3} />
      ) : list.isError ? (
        <ErrorState onRetry={() => list.refetch()} message={t('list.error')} />
      ) : empty ? (
        <NoInstances />
      ) : (
        <InstanceTable label={t('dashboard.instancesTitle')} instances={instances} compact={compact} />
      )}
    </SectionCard>
  );
}
