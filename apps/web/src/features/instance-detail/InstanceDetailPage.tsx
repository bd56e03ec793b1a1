import { Box, Tab, Tabs } from '@mui/material';
import { Navigate, useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { instanceTabs } from '../../app/routes-instance-detail';
import { InfrastructureError } from '../../components/InfrastructureError';
import { LoadingState } from '../../components/states/LoadingState';
import { UnavailablePage } from '../unavailable/UnavailablePage';
import { AccessTab } from './access/AccessTab';
import { BillingTab } from './billing/BillingTab';
import { InstanceHeader } from './InstanceHeader';
import { isAvailableTab } from './instance-rules';
import { LogTab } from './log/LogTab';
import { useInstanceDetail } from './queries';

export type InstanceTab = (typeof instanceTabs)[number];

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
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
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
        {tab === 'billing' && <BillingTab instance={instance} />}
        {tab === 'log' && <LogTab instance={instance} />}
        {!isAvailableTab(tab) && <UnavailablePage area={t(`tabs.${tab}`)} />}
      </Box>
    </Box>
  );
}
