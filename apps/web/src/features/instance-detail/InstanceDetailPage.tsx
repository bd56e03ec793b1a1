import { Box, Tab, Tabs } from '@mui/material';
import { Navigate, useNavigate, useParams } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { instanceTabs } from '../../app/routes-instance-detail';
import { InfrastructureError } from '../../components/InfrastructureError';
import { LoadingState } from '../../components/states/LoadingState';
import { scrollableTabsSx } from '../../components/tab-strip';
import { withChunkLoadError } from '../shell/chunk-error';
import { AccessTab } from './access/AccessTab';
import { InstanceHeader } from './InstanceHeader';
import { useInstanceDetail } from './queries';

type InstanceTab = (typeof instanceTabs)[number];

/** Tabs other than Access load when first opened: the page a link lands on carries only its own code. */
const BillingTab = lazy(
  withChunkLoadError(() => import('./billing/BillingTab').then((m) => ({ default: m.BillingTab }))),
);
const LogTab = lazy(withChunkLoadError(() => import('./log/LogTab').then((m) => ({ default: m.LogTab }))));
const ChangeOsTab = lazy(
  withChunkLoadError(() => import('./os/ChangeOsTab').then((m) => ({ default: m.ChangeOsTab }))),
);
const PerformanceTab = lazy(
  withChunkLoadError(() =>
    import('./performance/PerformanceTab').then((m) => ({ default: m.PerformanceTab })),
  ),
);
const SnapshotTab = lazy(
  withChunkLoadError(() => import('./snapshot/SnapshotTab').then((m) => ({ default: m.SnapshotTab }))),
);
const ResizeTab = lazy(
  withChunkLoadError(() => import('./resize/ResizeTab').then((m) => ({ default: m.ResizeTab }))),
);
const NetworkTab = lazy(
  withChunkLoadError(() => import('./network/NetworkTab').then((m) => ({ default: m.NetworkTab }))),
);
const BackupsTab = lazy(
  withChunkLoadError(() => import('../backups/BackupsTab').then((m) => ({ default: m.BackupsTab }))),
);
const RescueTab = lazy(
  withChunkLoadError(() => import('./rescue/RescueTab').then((m) => ({ default: m.RescueTab }))),
);
const TicketsTab = lazy(
  withChunkLoadError(() =>
    import('../support/InstanceTicketsTab').then((m) => ({ default: m.InstanceTicketsTab })),
  ),
);

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
