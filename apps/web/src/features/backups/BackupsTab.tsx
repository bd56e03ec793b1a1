import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import {
  type BackupProfile,
  DEFAULT_BACKUP_FREQUENCY,
  DEFAULT_BACKUP_PERIOD_ID,
  DEFAULT_BACKUP_WEEK_DAYS,
  type Instance,
  isStableInstanceStatus,
} from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfigQuery } from '../../api/catalogue';
import { runMutation } from '../../api/mutations';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { InsufficientBalanceDialog, insufficientBalanceOf } from '../../components/InsufficientBalanceDialog';
import { SectionCard } from '../../components/SectionCard';
import { ErrorState } from '../../components/states/ErrorState';
import { LoadingState } from '../../components/states/LoadingState';
import { useToast } from '../../components/toast/ToastProvider';
import { useFormatDate } from '../../lib/dates';
import { useMoney } from '../../lib/money';
import { regionsQuery } from '../instance-creation/queries';
import { serverDetail } from '../instance-detail/action-errors';
import { BackupFilesList } from './BackupFilesList';
import { type BackupSchedule, BackupScheduleFields, scheduleComplete } from './BackupScheduleFields';
import {
  backupSettingsQuery,
  useDisableBackupsMutation,
  useEnableBackupsMutation,
  useUpdateBackupsMutation,
} from './queries';

const scheduleOf = (p: BackupProfile | undefined): BackupSchedule => ({
  scheduleFrequency: p?.scheduleFrequency ?? DEFAULT_BACKUP_FREQUENCY,
  scheduleWeekDays: p?.scheduleWeekDays ?? [...DEFAULT_BACKUP_WEEK_DAYS],
  periodId: p?.periodId ?? DEFAULT_BACKUP_PERIOD_ID,
});

/**
 * /instances/{id}/backups (instances.md §2, §4, §5): the schedule (enable with its fee, change, disable
 * with the 72-hour notice) and the backups taken, each restorable by typing Restore.
 */
export function BackupsTab({ instance }: { instance: Instance }) {
  const { t } = useTranslation(['instanceTabs', 'instanceDetail']);
  const toast = useToast();
  const { money } = useMoney();
  const formatDate = useFormatDate();
  const appConfig = useQuery(appConfigQuery).data;
  const regions = useQuery(regionsQuery);
  const settings = useQuery(backupSettingsQuery(instance.id));
  const enable = useEnableBackupsMutation(instance.id);
  const update = useUpdateBackupsMutation(instance.id);
  const disable = useDisableBackupsMutation(instance.id);
  const [draft, setDraft] = useState<BackupSchedule | null>(null);
  const [confirm, setConfirm] = useState<'enable' | 'disable' | null>(null);
  const [short, setShort] = useState<ReturnType<typeof insufficientBalanceOf>>(null);

  if (settings.isPending) return <LoadingState minHeight={160} />;
  if (settings.isError)
    return <ErrorState message={t('backups.loadFailed')} onRetry={() => void settings.refetch()} />;
  const profile = settings.data;
  const active = profile.status === 'active';
  const schedule = draft ?? scheduleOf(profile);
  const periods = appConfig?.backupConfigs.periodDetails ?? [];
  const region = regions.data?.find((r) => r.id === instance.region.id);
  const unsupported = region !== undefined && !region.config.supportBackup;
  const changing = !isStableInstanceStatus(instance.status);
  const locked = instance.isSuspended || changing;
  const unchanged = JSON.stringify(schedule) === JSON.stringify(scheduleOf(profile));
  const body = {
    instanceId: instance.id,
    ...schedule,
    scheduleWeekDays: schedule.scheduleFrequency === 'daily' ? null : schedule.scheduleWeekDays,
  };
  const failed = (error: unknown, fallback: string) => {
    setConfirm(null);
    const balance = insufficientBalanceOf(error);
    if (balance) return setShort(balance);
    toast.error(serverDetail(error, fallback));
  };

  return (
    <Stack spacing={3}>
      {unsupported && !active && <Alert severity="info">{t('backups.unsupported')}</Alert>}
      {instance.isSuspended && <Alert severity="warning">{t('instanceDetail:suspended.access')}</Alert>}
      <SectionCard
        title={t('backups.title')}
        intro={t('backups.intro', {
          percent: profile.feePercentage,
          price: money(profile.monthlyPrice),
          files: profile.maxFiles,
        })}
      >
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <Chip
            size="small"
            color={active ? 'success' : 'default'}
            label={t(active ? 'backups.on' : 'backups.off')}
          />
          {active && profile.nextBackupAt && (
            <Typography variant="body2" color="text.secondary">
              {t('backups.next', { date: formatDate(profile.nextBackupAt, 'dateTime') })}
            </Typography>
          )}
          {profile.lastSuccessfulBackupTime && (
            <Typography variant="body2" color="text.secondary">
              {t('backups.last', { date: formatDate(profile.lastSuccessfulBackupTime, 'dateTime') })}
            </Typography>
          )}
        </Box>
        {!active && profile.purgeAt && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('backups.purging', { date: formatDate(profile.purgeAt, 'dateTime') })}
          </Alert>
        )}
        <BackupScheduleFields
          value={schedule}
          onChange={setDraft}
          periods={periods}
          disabled={locked || unsupported}
        />
        <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          {active ? (
            <>
              <Button
                variant="contained"
                disabled={locked || unchanged || !scheduleComplete(schedule)}
                loading={update.isPending}
                onClick={() =>
                  runMutation(update, body, {
                    onSuccess: () => {
                      setDraft(null);
                      toast.success(t('backups.updated'));
                    },
                    onError: (error) => failed(error, t('backups.updateFailed')),
                  })
                }
              >
                {t('backups.update')}
              </Button>
              <Button color="error" disabled={disable.isPending} onClick={() => setConfirm('disable')}>
                {t('backups.disable')}
              </Button>
            </>
          ) : (
            <Button
              variant="contained"
              disabled={locked || unsupported || !scheduleComplete(schedule)}
              onClick={() => setConfirm('enable')}
            >
              {t('backups.enable')}
            </Button>
          )}
        </Box>
      </SectionCard>
      <SectionCard title={t('backups.files.title')}>
        <BackupFilesList
          instanceId={instance.id}
          files={profile.backupFiles}
          locked={locked || instance.status === 'rescue'}
        />
      </SectionCard>
      <ConfirmDialog
        open={confirm === 'enable'}
        title={t('backups.enableTitle')}
        message={t('backups.enableConfirm', { price: money(profile.monthlyPrice) })}
        confirmLabel={t('backups.enable')}
        loading={enable.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          runMutation(enable, body, {
            onSuccess: () => {
              setConfirm(null);
              setDraft(null);
              toast.success(t('backups.enabled'));
            },
            onError: (error) => failed(error, t('backups.enableFailed')),
          })
        }
      />
      <ConfirmDialog
        open={confirm === 'disable'}
        title={t('backups.disableTitle')}
        message={t('backups.disableConfirm')}
        confirmLabel={t('backups.disable')}
        destructive
        loading={disable.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          runMutation(disable, undefined, {
            onSuccess: () => {
              setConfirm(null);
              toast.success(t('backups.disabled'));
            },
            onError: (error) => failed(error, t('backups.disableFailed')),
          })
        }
      />
      <InsufficientBalanceDialog balance={short} onClose={() => setShort(null)} />
    </Stack>
  );
}
