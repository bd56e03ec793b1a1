import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import RestartIcon from '@mui/icons-material/RestartAlt';
import { Box, Button } from '@mui/material';
import type { Instance } from '@nimbus/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/toast/ToastProvider';
import { queueDeletion } from '../deletion/deletion-queue';
import { instanceKeys, instancesChanged, resetInstance } from '../queries';

interface BulkActionsProps {
  /** The selected instances that can be acted on. */
  selected: readonly Instance[];
  onDone: () => void;
}

/** Restart (typed-phrase confirmation, requests in parallel) and delete (via the deletion queue). */
export function BulkActions({ selected, onDone }: BulkActionsProps) {
  const { t } = useTranslation('instances');
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [restarting, setRestarting] = useState(false);

  const needsSelection = () => {
    if (selected.length > 0) return false;
    toast.warning(t('bulk.noneSelected'));
    return true;
  };

  const restart = async () => {
    setRestarting(true);
    const outcomes = await Promise.allSettled(selected.map((instance) => resetInstance(instance.id)));
    outcomes.forEach((outcome, index) => {
      const hostname = selected[index]?.hostname ?? '';
      if (outcome.status === 'fulfilled') toast.success(t('bulk.restarted', { hostname }));
      else if (outcome.reason instanceof ApiError && outcome.reason.status === 500)
        toast.error(t('bulk.restartInfrastructure', { hostname }));
      else toast.error(t('bulk.restartFailed', { hostname }));
    });
    setRestarting(false);
    setConfirming(false);
    onDone();
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: instanceKeys.details() }),
      instancesChanged(queryClient),
    ]);
  };

  const remove = () => {
    if (needsSelection()) return;
    queueDeletion(selected.map((instance) => instance.id));
    navigate({ to: '/instance-deletion' });
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button
        variant="outlined"
        startIcon={<RestartIcon />}
        onClick={() => needsSelection() || setConfirming(true)}
      >
        {t('bulk.restart', { count: selected.length })}
      </Button>
      <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={remove}>
        {t('bulk.delete', { count: selected.length })}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('bulk.restartTitle', { count: selected.length })}
        message={t('bulk.restartMessage', { count: selected.length })}
        confirmPhrase={t('bulk.restartPhrase')}
        confirmLabel={t('bulk.restartConfirm')}
        loading={restarting}
        onConfirm={restart}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
