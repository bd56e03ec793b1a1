import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PowerIcon from '@mui/icons-material/PowerSettingsNew';
import RestartIcon from '@mui/icons-material/RestartAlt';
import TerminalIcon from '@mui/icons-material/Terminal';
import { Button, CircularProgress, Stack } from '@mui/material';
import type { Instance } from '@nimbus/contract';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../api/mutations';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast } from '../../components/toast/ToastProvider';
import { lazyNamed } from '../shell/chunk-error';
import { isServerError, serverDetail } from './action-errors';
import { HostnameText } from './HostnameText';
import { consoleEnabled, isChanging, powerAction } from './instance-rules';
import { usePowerMutation, useRestartMutation } from './queries';

/*
 * The delete dialog (its refund estimate, skeleton and survey hand-off) loads at the first click on
 * Delete, and stays mounted after so it closes with its transition: most visits never open it.
 */
const DeleteInstanceDialog = lazyNamed(() => import('./DeleteInstanceDialog'), 'DeleteInstanceDialog');

/** Opens the remote console beside the panel (spec §2: a 1200×600 popup). */
const openConsole = (id: number) =>
  window.open(`/novnc?instanceId=${id}`, `console-${id}`, 'popup,width=1200,height=600');

/**
 * Power, restart, console and delete, each guarded by what it costs: power off in a dialog, restart by
 * the spec's typed phrase, delete by the typed hostname (power on needs nothing). While the instance is
 * changing they are disabled with a spinner; on a suspended instance they say why they cannot run
 * instead of calling the API.
 */
export function InstanceActions({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instanceDetail');
  const toast = useToast();
  const power = usePowerMutation(instance.id);
  const restart = useRestartMutation(instance.id);
  const [confirmRestart, setConfirmRestart] = useState(false);
  const [confirmPowerOff, setConfirmPowerOff] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteOpened, setDeleteOpened] = useState(false);
  const changing = isChanging(instance);
  const action = powerAction(instance);
  const busy = power.isPending || restart.isPending;

  /** Runs `run` unless the instance is suspended, which is told instead (spec §8 access suspended). */
  const guarded = (run: () => void) => () => {
    if (instance.isSuspended) toast.warning(t('suspended.access'));
    else run();
  };

  const runPower = () =>
    runMutation(power, action, {
      onSuccess: () => toast.success(t(`power.${action}.success`, { hostname: instance.hostname })),
      onError: (error) => toast.error(serverDetail(error, t('common:errors.tryAgain'))),
      onSettled: () => setConfirmPowerOff(false),
    });
  // Powering off cuts whatever the server is doing, so it is confirmed; powering on harms nothing.
  const togglePower = () => (action === 'poweroff' ? setConfirmPowerOff(true) : runPower());
  const doRestart = () =>
    runMutation(restart, undefined, {
      onSuccess: () => {
        setConfirmRestart(false);
        toast.success(t('restart.success', { hostname: instance.hostname }));
      },
      onError: (error) => {
        setConfirmRestart(false);
        toast.error(isServerError(error) ? t('restart.infrastructureError') : t('restart.failed'));
      },
    });

  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {changing && <CircularProgress size={20} aria-label={t('actions.changing')} />}
      <Button
        variant="outlined"
        color={action === 'poweroff' ? 'error' : 'success'}
        startIcon={<PowerIcon />}
        disabled={changing || busy}
        loading={power.isPending}
        onClick={guarded(togglePower)}
      >
        {t(`power.${action}.button`)}
      </Button>
      <Button
        variant="outlined"
        startIcon={<RestartIcon />}
        disabled={changing || busy}
        onClick={guarded(() => setConfirmRestart(true))}
      >
        {t('restart.button')}
      </Button>
      <Button
        variant="outlined"
        startIcon={<TerminalIcon />}
        disabled={changing || !consoleEnabled(instance)}
        onClick={guarded(() => openConsole(instance.id))}
      >
        {t('console.button')}
      </Button>
      <Button
        variant="outlined"
        color="error"
        startIcon={<DeleteIcon />}
        disabled={changing}
        onClick={guarded(() => {
          setDeleteOpened(true);
          setConfirmDelete(true);
        })}
      >
        {t('delete.button')}
      </Button>
      <ConfirmDialog
        open={confirmRestart}
        title={<HostnameText i18nKey="restart.title" hostname={instance.hostname} />}
        message={t('restart.message')}
        confirmPhrase={t('restart.phrase')}
        confirmLabel={t('restart.confirm')}
        loading={restart.isPending}
        onConfirm={doRestart}
        onClose={() => setConfirmRestart(false)}
      />
      <ConfirmDialog
        open={confirmPowerOff}
        title={<HostnameText i18nKey="power.poweroff.title" hostname={instance.hostname} />}
        message={t('power.poweroff.message')}
        confirmLabel={t('power.poweroff.confirm')}
        destructive
        loading={power.isPending}
        onConfirm={runPower}
        onClose={() => setConfirmPowerOff(false)}
      />
      {deleteOpened && (
        <Suspense fallback={null}>
          <DeleteInstanceDialog
            instance={instance}
            open={confirmDelete}
            onClose={() => setConfirmDelete(false)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
