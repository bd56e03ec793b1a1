import { Box, Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { IsoInstance } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../api/mutations';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Ltr } from '../../components/Ltr';
import { TextLink } from '../../components/links';
import { ErrorState } from '../../components/states/ErrorState';
import { LoadingState } from '../../components/states/LoadingState';
import { useToast } from '../../components/toast/ToastProvider';
import { serverDetail } from '../instance-detail/action-errors';
import { Hostname } from '../instances/Hostname';
import { StatusChip } from '../instances/StatusChip';
import { isoInstancesQuery, useDetachIsoMutation } from './queries';

/** "In the ISO instance list an instance is treated as loading unless active, shutdown, suspended or rescue." */
const settled = new Set(['active', 'shutdown', 'suspended', 'rescue']);

/** The instances that have the ISO attached, each with Detach (the instance reboots from its disk). */
export function IsoInstances({ isoId }: { isoId: number }) {
  const { t } = useTranslation('instances');
  const toast = useToast();
  const using = useQuery(isoInstancesQuery(isoId));
  const detach = useDetachIsoMutation();
  const [confirm, setConfirm] = useState<IsoInstance | null>(null);

  if (using.isPending) return <LoadingState label={t('customIso.instances.loading')} />;
  if (using.isError)
    return <ErrorState message={t('customIso.instances.error')} onRetry={() => void using.refetch()} />;
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {t('customIso.instances.title')}
      </Typography>
      {using.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('customIso.instances.empty')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t('customIso.instances.title')}>
          {using.data.map((instance) => (
            <ListItem
              key={instance.id}
              disableGutters
              secondaryAction={
                <Button
                  size="small"
                  color="error"
                  onClick={() => setConfirm(instance)}
                  disabled={!settled.has(instance.status) || detach.isPending}
                  aria-label={t('customIso.instances.detachNamed', { hostname: instance.hostname })}
                >
                  {t('customIso.instances.detach')}
                </Button>
              }
              sx={{ pr: 12 }}
            >
              <ListItemText
                primary={
                  <TextLink to="/instances/$id/$tab" params={{ id: String(instance.id), tab: 'access' }}>
                    <Hostname hostname={instance.hostname} />
                  </TextLink>
                }
                secondary={
                  <Box
                    component="span"
                    sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', mt: 0.5 }}
                  >
                    <StatusChip status={settled.has(instance.status) ? instance.status : 'loading'} />
                    {instance.mainIp && <Ltr>{instance.mainIp}</Ltr>}
                  </Box>
                }
                slotProps={{ secondary: { component: 'span' } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={t('customIso.instances.confirmTitle', { hostname: confirm?.hostname ?? '' })}
        message={t('customIso.instances.confirmMessage')}
        confirmLabel={t('customIso.instances.detach')}
        destructive
        loading={detach.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return;
          runMutation(detach, confirm.id, {
            onSuccess: () => {
              toast.success(t('customIso.instances.detached', { hostname: confirm.hostname }));
              setConfirm(null);
            },
            onError: (error) => toast.error(serverDetail(error, t('customIso.instances.detachFailed'))),
          });
        }}
      />
    </Box>
  );
}
