import { Alert, Box, Button, Checkbox, Chip, FormControlLabel, Stack, Typography } from '@mui/material';
import { type Instance, usernameForOsFamily, windowsTrialDays } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../../api/mutations';
import { SectionCard } from '../../../components/SectionCard';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadingState } from '../../../components/states/LoadingState';
import { useToast } from '../../../components/toast/ToastProvider';
import { osQuery } from '../../instance-creation/queries';
import { OsFamilyCards } from '../../instance-creation/sections/OsFamilyCards';
import { NewPasswordDialog } from '../access/NewPasswordDialog';
import { isServerError, serverDetail } from '../action-errors';
import { isChanging } from '../instance-rules';
import { useChangeOsMutation } from '../queries';

/** Why the disk cannot be rebuilt now, as an i18n key, or null (instances.md §4–§6). */
function rebuildBlocked(instance: Instance): string | null {
  if (isChanging(instance)) return 'os.blocked.changing';
  if (instance.status === 'rescue') return 'os.blocked.rescue';
  if (instance.isoId !== null) return 'os.blocked.iso';
  return null;
}

/**
 * /instances/{id}/os: change the operating system or reinstall the current one (instances.md §5). Each
 * needs its data-loss checkbox; Change OS is off while the same image (or none) is chosen, Reinstall
 * while another one is. The new password is shown once.
 */
export function ChangeOsTab({ instance }: { instance: Instance }) {
  const { t } = useTranslation(['instanceTabs', 'instanceDetail']);
  const toast = useToast();
  const os = useQuery(osQuery(null));
  const change = useChangeOsMutation(instance.id);
  const [chosen, setChosen] = useState<number | null>(instance.osId);
  const [acceptChange, setAcceptChange] = useState(false);
  const [acceptReinstall, setAcceptReinstall] = useState(false);
  const [result, setResult] = useState<{ password: string; family: string } | null>(null);
  const blocked = rebuildBlocked(instance);
  const families = (os.data ?? []).map((f) => ({ ...f, versions: f.versions.filter((v) => v.isActive) }));
  const chosenFamily = families.find((f) => f.versions.some((v) => v.id === chosen));
  const same = chosen === instance.osId;

  const run = (osId: number, reinstall: boolean) => {
    if (instance.isSuspended) return toast.warning(t('instanceDetail:suspended.access'));
    const family = chosenFamily?.name ?? instance.os?.family ?? '';
    runMutation(change, osId, {
      onSuccess: (answer) => {
        setAcceptChange(false);
        setAcceptReinstall(false);
        toast.success(t(reinstall ? 'os.reinstalled' : 'os.changed', { hostname: instance.hostname }));
        setResult({ password: answer.data.password, family });
      },
      onError: (error) =>
        toast.error(
          isServerError(error)
            ? t('os.infrastructureError')
            : serverDetail(error, t('common:errors.tryAgain')),
        ),
    });
  };

  const trialBadge = (family: { name: string }, version: { name: string }) => {
    const days = windowsTrialDays(family.name, version.name);
    return days ? <Chip size="small" color="info" label={t('os.trial', { days })} sx={{ mt: 1 }} /> : null;
  };

  return (
    <Stack spacing={3}>
      {blocked && <Alert severity="info">{t(blocked)}</Alert>}
      <SectionCard title={t('os.changeTitle')} intro={t('os.changeIntro')}>
        {os.isPending ? (
          <LoadingState minHeight={120} />
        ) : os.isError ? (
          <ErrorState onRetry={() => void os.refetch()} />
        ) : (
          <OsFamilyCards families={families} value={chosen} onChoose={setChosen} badge={trialBadge} />
        )}
        <Box sx={{ mt: 2 }}>
          <FormControlLabel
            control={<Checkbox checked={acceptChange} onChange={(e) => setAcceptChange(e.target.checked)} />}
            label={t('os.acceptChange')}
          />
        </Box>
        <Button
          variant="contained"
          color="error"
          sx={{ mt: 1 }}
          disabled={blocked !== null || chosen === null || same || !acceptChange}
          loading={change.isPending && !same}
          onClick={() => chosen !== null && run(chosen, false)}
        >
          {t('os.change')}
        </Button>
      </SectionCard>

      <SectionCard
        title={t('os.reinstallTitle')}
        intro={t('os.reinstallIntro', { os: instance.os?.name ?? '—' })}
      >
        <FormControlLabel
          control={
            <Checkbox checked={acceptReinstall} onChange={(e) => setAcceptReinstall(e.target.checked)} />
          }
          label={t('os.acceptReinstall')}
        />
        <Box>
          <Button
            variant="outlined"
            color="error"
            sx={{ mt: 1 }}
            disabled={blocked !== null || instance.osId === null || !same || !acceptReinstall}
            loading={change.isPending && same}
            onClick={() => instance.osId !== null && run(instance.osId, true)}
          >
            {t('os.reinstall')}
          </Button>
          {!same && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('os.reinstallOtherChosen')}
            </Typography>
          )}
        </Box>
      </SectionCard>
      <NewPasswordDialog
        password={result?.password ?? null}
        username={usernameForOsFamily(result?.family)}
        onClose={() => setResult(null)}
      />
    </Stack>
  );
}
