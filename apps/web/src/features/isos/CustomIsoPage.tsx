import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Divider, Paper, Stack, Typography } from '@mui/material';
import { ISO_KEEP_HOURS, type Iso, type IsoStatus } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../api/mutations';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState } from '../../components/states/EmptyState';
import { ErrorState } from '../../components/states/ErrorState';
import { LoadingState } from '../../components/states/LoadingState';
import { useToast } from '../../components/toast/ToastProvider';
import { useUserInfoQuery } from '../auth/queries';
import { serverDetail } from '../instance-detail/action-errors';
import { ServicesTabs } from '../instances/ServicesTabs';
import { ImportIsoDialog } from './ImportIsoDialog';
import { IsoCard } from './IsoCard';
import { isoListQuery, useDeleteIsoMutation } from './queries';

/**
 * Services > Custom ISO (/services/customIso): the customer's ISO (one at most) with its download,
 * import, delete, deploy, and the instances it is attached to (instances.md §3 "Custom ISO page").
 */
export function CustomIsoPage() {
  const { t } = useTranslation('instances');
  const toast = useToast();
  const isos = useQuery(isoListQuery);
  const user = useUserInfoQuery();
  const remove = useDeleteIsoMutation();
  const [importing, setImporting] = useState(false);
  /** The ISO to delete, and whether the import dialog follows (importing a second replaces the first). */
  const [deleting, setDeleting] = useState<{ iso: Iso; thenImport: boolean } | null>(null);
  const suspended = user.data?.isSuspended === true;
  const existing = isos.data?.[0];

  // An import that finishes while the page is open says so (spec: the import-success toast).
  const seen = useRef(new Map<number, IsoStatus>());
  useEffect(() => {
    for (const iso of isos.data ?? []) {
      if (seen.current.get(iso.id) === 'DOWNLOADING' && iso.status === 'READY')
        toast.success(t('customIso.ready', { name: iso.name }));
      seen.current.set(iso.id, iso.status);
    }
  }, [isos.data, toast, t]);

  const startImport = () =>
    existing ? setDeleting({ iso: existing, thenImport: true }) : setImporting(true);

  let content: React.ReactNode;
  if (isos.isPending) content = <LoadingState label={t('customIso.loading')} />;
  else if (isos.isError)
    content = <ErrorState message={t('customIso.loadError')} onRetry={() => void isos.refetch()} />;
  else if (isos.data.length === 0)
    content = (
      <EmptyState
        title={t('customIso.empty')}
        message={t('customIso.emptyHint')}
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={startImport} disabled={suspended}>
            {t('customIso.import.open')}
          </Button>
        }
      />
    );
  else
    content = (
      <Stack spacing={3} divider={<Divider flexItem />}>
        {isos.data.map((iso) => (
          <IsoCard key={iso.id} iso={iso} onDelete={() => setDeleting({ iso, thenImport: false })} />
        ))}
      </Stack>
    );

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('customIso.title')}
        breadcrumbs={[{ label: t('breadcrumb.services') }, { label: t('customIso.title') }]}
        actions={
          isos.data && isos.data.length > 0 ? (
            <Button variant="outlined" startIcon={<AddIcon />} onClick={startImport} disabled={suspended}>
              {t('customIso.import.open')}
            </Button>
          ) : undefined
        }
      />
      <ServicesTabs current="customIso" />
      <Stack spacing={2}>
        {suspended && <Alert severity="warning">{t('customIso.suspended')}</Alert>}
        <Typography variant="body2" color="text.secondary">
          {t('customIso.intro', { hours: ISO_KEEP_HOURS })}
        </Typography>
        <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
          {content}
        </Paper>
      </Stack>
      {importing && <ImportIsoDialog open onClose={() => setImporting(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t(deleting?.thenImport ? 'customIso.replaceTitle' : 'customIso.deleteTitle', {
          name: deleting?.iso.name ?? '',
        })}
        message={t(deleting?.thenImport ? 'customIso.replaceMessage' : 'customIso.deleteMessage')}
        confirmLabel={t('customIso.delete')}
        destructive
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          runMutation(remove, deleting.iso.id, {
            onSuccess: () => {
              toast.success(t('customIso.deleted', { name: deleting.iso.name }));
              if (deleting.thenImport) setImporting(true);
              setDeleting(null);
            },
            onError: (error) => {
              toast.error(serverDetail(error, t('customIso.deleteFailed')));
              setDeleting(null);
            },
          });
        }}
      />
    </Box>
  );
}
