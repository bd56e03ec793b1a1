import { Alert, Box, CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/links';
import { PageHeader } from '../../../components/PageHeader';
import { unlessLive } from '../../live-updates/live-status';
import { creationStatusQuery } from '../queries';
import {
  type CreationResults,
  creationPollInterval,
  forgetPasswords,
  overallState,
  pendingInstances,
  readCreationResults,
} from './creation-results';
import { PendingInstanceCard } from './PendingInstanceCard';

const severity = { creating: 'info', success: 'success', failure: 'error', partial: 'warning' } as const;

/** /createinstance/pending: the order's instances until each is created or failed (instances.md §3). */
export function CreationPendingPage() {
  const [held] = useState<CreationResults | null>(readCreationResults);
  useEffect(() => forgetPasswords, []);
  if (!held) return <Navigate to="/createinstance" replace />;
  if (held.kind === 'preorders') return <Navigate to="/preorder/pending" replace />;
  return <CreationProgress results={held.results} />;
}

function CreationProgress({
  results,
}: {
  results: Extract<CreationResults, { kind: 'instances' }>['results'];
}) {
  const { t } = useTranslation('instances');
  const ids = results.flatMap((r) => (r.code === 'CREATED' && r.instanceId !== null ? [r.instanceId] : []));
  const status = useQuery({
    ...creationStatusQuery(ids),
    enabled: ids.length > 0,
    refetchInterval: (query) => unlessLive(creationPollInterval(query.state.data)),
  });
  const instances = pendingInstances(results, status.data);
  const state = overallState(results, instances);

  return (
    <Box sx={{ minWidth: 0, maxWidth: 880 }}>
      <PageHeader
        title={t(`pending.title.${state}`)}
        actions={
          state === 'failure' ? (
            <ButtonLink to="/createinstance" variant="contained">
              {t('pending.backToCreation')}
            </ButtonLink>
          ) : (
            <ButtonLink to="/services/instanceList" variant="contained">
              {t('pending.toList')}
            </ButtonLink>
          )
        }
      />
      <Alert
        severity={severity[state]}
        icon={state === 'creating' ? <CircularProgress size={20} aria-hidden /> : undefined}
        role="status"
        sx={{ mb: 3 }}
      >
        {t(`pending.message.${state}`, { count: instances.length })}
      </Alert>
      {status.isError && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {t('pending.statusError')}
        </Alert>
      )}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {instances.map((instance, index) => (
          <PendingInstanceCard key={instance.instanceId ?? `failed-${index}`} instance={instance} />
        ))}
      </Box>
    </Box>
  );
}
