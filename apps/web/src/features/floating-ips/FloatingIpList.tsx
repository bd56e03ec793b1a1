import LanIcon from '@mui/icons-material/LanOutlined';
import { Paper, useMediaQuery, useTheme } from '@mui/material';
import type { FloatingIpList as List } from '@nimbus/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/states/EmptyState';
import { ErrorState } from '../../components/states/ErrorState';
import { LoadingState } from '../../components/states/LoadingState';
import { FloatingIpCards } from './FloatingIpCards';
import { FloatingIpTable } from './FloatingIpTable';
import type { IpActions } from './ip-parts';

/** The active addresses: a table on large screens, cards below; loading, empty and error states. */
export function FloatingIpList({ list, ...actions }: { list: UseQueryResult<List> } & IpActions) {
  const { t } = useTranslation('floatingIps');
  const theme = useTheme();
  // Ten columns need the room of an extra-large screen beside the sidebar; below, cards (two a row
  // on laptops) keep every field and action in view instead of scrolling the table sideways.
  const wide = useMediaQuery(theme.breakpoints.up('xl'), { noSsr: true });
  if (list.isPending)
    return (
      <Panel>
        <LoadingState label={t('list.loading')} />
      </Panel>
    );
  if (list.isError)
    return (
      <Panel>
        <ErrorState onRetry={() => list.refetch()} message={t('list.error')} />
      </Panel>
    );
  const ips = list.data.data.items;
  if (ips.length === 0)
    return (
      <Panel>
        <EmptyState icon={<LanIcon />} title={t('list.emptyTitle')} message={t('list.emptyMessage')} />
      </Panel>
    );
  return wide ? (
    <Panel>
      <FloatingIpTable ips={ips} {...actions} />
    </Panel>
  ) : (
    <FloatingIpCards ips={ips} {...actions} />
  );
}

function Panel({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {children}
    </Paper>
  );
}
