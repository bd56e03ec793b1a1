import { Button, DialogActions, DialogContent, MenuItem, TextField, Typography } from '@mui/material';
import type { FloatingIp } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../api/mutations';
import { FormDialog } from '../../components/FormDialog';
import { ErrorState } from '../../components/states/ErrorState';
import { LoadingState } from '../../components/states/LoadingState';
import { useToast } from '../../components/toast/ToastProvider';
import { useServerDetail } from '../ssh-keys/ssh-key-text';
import { attachableInstancesQuery, useAttachFloatingIp } from './queries';

/** Chooses one of the customer's instances in the address's region to attach it to. */
export function AttachDialog({ ip, onClose }: { ip: FloatingIp | null; onClose: () => void }) {
  const { t } = useTranslation('floatingIps');
  return (
    <FormDialog
      open={ip !== null}
      onClose={onClose}
      title={ip ? t('attach.title', { address: ip.address }) : ''}
      width={440}
    >
      {(setBusy) => ip && <AttachForm ip={ip} onClose={onClose} setBusy={setBusy} />}
    </FormDialog>
  );
}

function AttachForm({
  ip,
  onClose,
  setBusy,
}: {
  ip: FloatingIp;
  onClose: () => void;
  setBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation('floatingIps');
  const toast = useToast();
  const serverDetail = useServerDetail();
  const instances = useQuery(attachableInstancesQuery);
  const attach = useAttachFloatingIp();
  const [instanceId, setInstanceId] = useState<number | ''>('');
  const choices = (instances.data ?? []).filter(
    (i) => i.region.id === ip.regionId && i.status !== 'allocating-gpu',
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = choices.find((i) => i.id === instanceId);
    if (!chosen) return;
    setBusy(true);
    runMutation(
      attach,
      { id: ip.id, instanceId: chosen.id },
      {
        onSuccess: () => {
          toast.success(t('attach.attached', { address: ip.address, hostname: chosen.hostname }));
          onClose();
        },
        onError: (error) => toast.error(t('attach.failed', { detail: serverDetail(error) })),
        onSettled: () => setBusy(false),
      },
    );
  };

  let body: React.ReactNode;
  if (instances.isPending) body = <LoadingState label={t('attach.loading')} minHeight={120} />;
  else if (instances.isError)
    body = <ErrorState onRetry={() => instances.refetch()} message={t('attach.error')} />;
  else if (choices.length === 0)
    body = <Typography>{t('attach.none', { region: ip.regionName })}</Typography>;
  else
    body = (
      <>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('attach.help', { region: ip.regionName })}
        </Typography>
        <TextField
          select
          fullWidth
          required
          label={t('attach.instance')}
          value={instanceId}
          onChange={(event) => setInstanceId(Number(event.target.value))}
        >
          {choices.map((i) => (
            <MenuItem key={i.id} value={i.id}>
              {i.mainIp ? `${i.hostname} (${i.mainIp})` : i.hostname}
            </MenuItem>
          ))}
        </TextField>
      </>
    );

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent>{body}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={attach.isPending}>
          {t('attach.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={instanceId === '' || attach.isPending}>
          {t('attach.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
