import { Box, Paper } from '@mui/material';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageSearch } from '../../components/filters';
import { ButtonLink } from '../../components/links';
import { PageHeader } from '../../components/PageHeader';
import { ServicesTabs } from '../instances/ServicesTabs';
import { SnapshotList } from './SnapshotList';
import type { SnapshotProblem } from './snapshot-errors';

/**
 * Services > Snapshots (/services/snapshots?page=): every snapshot of the customer, of deleted instances
 * too. Snapshots are taken from an instance's Snapshots tab, which the empty state points to.
 */
export function SnapshotsPage() {
  const { t } = useTranslation('instances');
  const navigate = useNavigate();
  const page = pageSearch((useSearch({ strict: false }) as Record<string, unknown>).page) ?? 1;
  const [problem, setProblem] = useState<SnapshotProblem | null>(null);
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('snapshots.title')}
        breadcrumbs={[{ label: t('breadcrumb.services') }, { label: t('snapshots.title') }]}
      />
      <ServicesTabs current="snapshots" />
      {/* On small screens the snapshots are cards of their own: no frame around them. */}
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 0, md: 2 },
          borderWidth: { xs: 0, md: 1 },
          bgcolor: { xs: 'transparent', md: 'background.paper' },
        }}
      >
        <SnapshotList
          filters={{ page }}
          onPage={(next) =>
            navigate({ to: '/services/snapshots', search: { page: next > 1 ? next : undefined } })
          }
          locked={false}
          problem={problem}
          onProblem={setProblem}
          emptyAction={
            <ButtonLink to="/services/instanceList" variant="contained">
              {t('snapshots.toInstances')}
            </ButtonLink>
          }
        />
      </Paper>
    </Box>
  );
}
