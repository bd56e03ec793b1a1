import { Box, Tab, Tabs, tabClasses, tabsClasses } from '@mui/material';
import { Navigate, useNavigate, useParams } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { instanceTabs } from '../../app/routes-instance-detail';
import { InfrastructureError } from '../../components/InfrastructureError';
import { ButtonLink } from '../../components/links';
import { LoadingState } from '../../components/states/LoadingState';
import { withChunkLoadError } from '../shell/chunk-error';
import { UnavailablePage } from '../unavailable/UnavailablePage';
import { AccessTab } from './access/AccessTab';
import { InstanceHeader } from './InstanceHeader';
import { isAvailableTab } from './instance-rules';
import { useInstanceDetail } from './queries';

type InstanceTab = (typeof instanceTabs)[number];

/** Tabs other than Access load when first opened: the page a link lands on carries only its own code. */
const BillingTab = lazy(
  withChunkLoadError(() => import('./billing/BillingTab').then((m) => ({ default: m.BillingTab }))),
);
const LogTab = lazy(withChunkLoadError(() => import('./log/LogTab').then((m) => ({ default: m.LogTab }))));
const SnapshotTab = lazy(
  withChunkLoadError(() => import('./snapshot/SnapshotTab').then((m) => ({ default: m.SnapshotTab }))),
);
const RescueTab = lazy(
  withChunkLoadError(() => import('./rescue/RescueTab').then((m) => ({ default: m.RescueTab }))),
);

/**
 * The scroll arrows lie over the ends of the tab strip instead of beside it. Beside it, a disabled
 * arrow left a blank gap before the first tab, and the arrows, mounted after the selected tab had been
 * scrolled into view, narrowed the strip and hid that tab under them (Logs, Network at 375 px). Over it,
 * the strip keeps its width, a disabled arrow is simply not shown, and the scroll padding keeps the
 * selected tab clear of the arrows (MUI scrolls it into view within the scroll padding).
 */
const ARROW = 40;
const tabsSx = {
  position: 'relative',
  borderBottom: 1,
  borderColor: 'divider',
  mb: 3,
  [`& .${tabsClasses.scroller}`]: { scrollPaddingInline: `${ARROW}px` },
  // Tabs as wide as their labels (not MUI's 90 px each): the eleven fit a 1366 px screen in English
  // and Arabic; longer languages and small screens still scroll.
  [`& .${tabClasses.root}`]: { minWidth: 0, px: 1.5 },
  [`& .${tabsClasses.scrollButtons}`]: {
    position: 'absolute',
    insetBlock: 0,
    zIndex: 1,
    width: ARROW,
    bgcolor: 'background.default',
    opacity: 1,
    borderColor: 'divider',
    // Both are divs, as is the scroller between them: the first is the start arrow, the last the end one.
    '&:first-of-type': { insetInlineStart: 0, borderInlineEnd: 1 },
    '&:last-of-type': { insetInlineEnd: 0, borderInlineStart: 1 },
    '&.Mui-disabled': { display: 'none' },
  },
} as const;

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
        sx={tabsSx}
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
        </Suspense>
        {!isAvailableTab(tab) && (
          <UnavailablePage
            area={t(`tabs.${tab}`)}
            action={
              <ButtonLink
                to="/instances/$id/$tab"
                params={{ id: String(id), tab: 'access' }}
                variant="contained"
              >
                {t('unavailable.backToAccess')}
              </ButtonLink>
            }
          />
        )}
      </Box>
    </Box>
  );
}
