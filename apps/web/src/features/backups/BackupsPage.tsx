import {
  Box,
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink, TextLink } from '../../components/links';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState } from '../../components/states/EmptyState';
import { ErrorState } from '../../components/states/ErrorState';
import { LoadingState } from '../../components/states/LoadingState';
import { useFormatDate } from '../../lib/dates';
import { Hostname } from '../instances/Hostname';
import { ServicesTabs } from '../instances/ServicesTabs';
import { backupProfilesQuery } from './queries';

/**
 * Services > Backups (/services/backups): every instance with automated backups — its schedule, status,
 * last backup and how many are kept — each leading to the instance's Backups tab.
 */
export function BackupsPage() {
  const { t } = useTranslation('instances');
  const { t: td } = useTranslation('instanceTabs');
  const formatDate = useFormatDate();
  const profiles = useQuery(backupProfilesQuery);

  let content: React.ReactNode;
  if (profiles.isPending) content = <LoadingState label={t('backupsPage.loading')} />;
  else if (profiles.isError)
    content = <ErrorState message={t('backupsPage.error')} onRetry={() => void profiles.refetch()} />;
  else if (profiles.data.length === 0)
    content = (
      <EmptyState
        title={t('backupsPage.empty')}
        action={
          <ButtonLink to="/services/instanceList" variant="contained">
            {t('backupsPage.toInstances')}
          </ButtonLink>
        }
      />
    );
  else
    content = (
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('backupsPage.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('backupsPage.instance')}</TableCell>
              <TableCell>{t('backupsPage.schedule')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                {t('backupsPage.last')}
              </TableCell>
              <TableCell>{t('backupsPage.kept')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {profiles.data.map((p) => (
              <TableRow key={p.instanceId}>
                <TableCell>
                  <TextLink to="/instances/$id/$tab" params={{ id: String(p.instanceId), tab: 'backups' }}>
                    <Hostname hostname={p.instanceData.hostname} />
                  </TextLink>
                  <Typography variant="body2" color="text.secondary">
                    {p.instanceData.regionName}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={p.status === 'active' ? 'success' : 'default'}
                    label={td(p.status === 'active' ? 'backups.on' : 'backups.off')}
                    sx={{ mb: 0.5 }}
                  />
                  <Typography variant="body2">{td(`backups.frequency.${p.scheduleFrequency}`)}</Typography>
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {p.lastSuccessfulBackupTime ? formatDate(p.lastSuccessfulBackupTime, 'dateTime') : '—'}
                </TableCell>
                <TableCell>{p.backupFiles.length}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    );

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('backupsPage.title')}
        breadcrumbs={[{ label: t('breadcrumb.services') }, { label: t('backupsPage.title') }]}
      />
      <ServicesTabs current="backups" />
      <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 } }}>
        {content}
      </Paper>
    </Box>
  );
}
