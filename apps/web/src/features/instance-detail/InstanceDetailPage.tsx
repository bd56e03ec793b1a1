import { Box, Tab, Tabs } from '@mui/material';
import { Navigate, useNavigate, useParams } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { instanceTabs } from '../../app/routes-instance-detail';
import { InfrastructureError } from '../../components/InfrastructureError';
import { LoadingState } from '../../components/states/LoadingState';
import { scrollableTabsSx } from '../../components/tab-strip';
import { lazyNamed } from '../shell/chunk-error';
import { AccessTab } from './access/AccessTab';
import { InstanceHeader } from './InstanceHeader';
import { useInstanceDetail } from './queries';

type InstanceTab = (typeof instanceTabs)[number];

/** Tabs other than Access load when first opened: the page a link lands on carries only its own code. */
const BillingTab = lazyNamed(() => import('./billing/BillingTab'), 'BillingTab');
const LogTab = lazyNamed(() => import('./log/LogTab'), 'LogTab');
const ChangeOsTab = lazyNamed(() => import('./os/ChangeOsTab'), 'ChangeOsTab');
const PerformanceTab = lazyNamed(() => import('./performance/PerformanceTab'), 'PerformanceTab');
const SnapshotTab = lazyNamed(() => import('./snapshot/SnapshotTab'), 'SnapshotTab');
const ResizeTab = lazyNamed(() => import('./resize/ResizeTab'), 'ResizeTab');
const NetworkTab = lazyNamed(() => import('./network/NetworkTab'), 'NetworkTab');
const BackupsTab = lazyNamed(() => import('../backups/BackupsTab'), 'BackupsTab');
const RescueTab = lazyNamed(() => import('./rescue/RescueTab'), 'RescueTab');
const TicketsTab = lazyNamed(() => import('../support/InstanceTicketsTab'), 'InstanceTicketsTab');

/**
 * /instances/{id}/{tab}: the instance's header and actions, then one tab. The instance is polled until
 * stable; a 404 is the not-found page, a 500 that outlasts five retries the infrastructure error.
 */
export function InstanceDetailPage() {
  const { t } = useTranslation('instanceDetail');
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { id?: string; tab?: string };
  const id = Number(params.id);
  const tab = (instanceTabs as readonly string[]).includes(params.tab ?? '')
    ? (params.tab as InstanceTab)
    : 'access';
  const detail = useInstanceDetail(id);

  if (detail.error instanceof ApiError && detail.error.status === 404) return <Navigate to="/404" replace />;
  if (detail.isError) return <InfrastructureError onRetry={() => detail.refetch()} />;
  if (detail.isPending) return <LoadingState label={t('loading')} minHeight="50vh" />;
  const instance = detail.data;

  const open = (next: InstanceTab) =>
    navigate({ to: '/instances/$id/$tab', params: { id: String(id), tab: next } });
  return (
    <Box sx={{ minWidth: 0 }}>
      <InstanceHeader instance={instance} />
      <Tabs
        value={tab}
        onChange={(_event, next: InstanceTab) => open(next)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('tabs.label')}
        sx={scrollableTabsSx}
      >
        {instanceTabs.map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(`tabs.${value}`)}
            id={`instance-tab-${value}`}
            aria-controls={`instance-panel-${value}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`instance-panel-${tab}`}
        aria-labelledby={`instance-tab-${tab}`}
        sx={{ minWidth: 0 }}
      >
        {tab === 'access' && <AccessTab instance={instance} />}
        <Suspense fallback={<LoadingState label={t('loading')} />}>
          {tab === 'billing' && <BillingTab instance={instance} />}
          {tab === 'log' && <LogTab instance={instance} />}
          {tab === 'rescuemode' && <RescueTab instance={instance} />}
          {tab === 'snapshot' && <SnapshotTab instance={instance} />}
          {tab === 'os' && <ChangeOsTab instance={instance} />}
          {tab === 'resize' && <ResizeTab instance={instance} />}
          {tab === 'network' && <NetworkTab instance={instance} />}
          {tab === 'backups' && <BackupsTab instance={instance} />}
          {tab === 'performance' && <PerformanceTab instance={instance} />}
          {tab === 'ticket' && <TicketsTab instance={instance} />}
        </Suspense>
      </Box>
    </Box>
  );
}
