import AddIcon from '@mui/icons-material/AddAPhotoOutlined';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { type Instance, SNAPSHOT_MONTHLY_PRICE_PER_GB } from '@nimbus/contract';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../../api/mutations';
import { pageSearch } from '../../../components/filters';
import { SectionCard } from '../../../components/SectionCard';
import { useToast } from '../../../components/toast/ToastProvider';
import { useMoney } from '../../../lib/money';
import { useTakeSnapshot } from '../../snapshots/queries';
import { SnapshotList } from '../../snapshots/SnapshotList';
import { type SnapshotProblem, snapshotProblem } from '../../snapshots/snapshot-errors';
import { isChanging } from '../instance-rules';

/** Why no snapshot can be taken now, as an i18n key, or null (instances.md §6). */
function takeBlocked(instance: Instance): string | null {
  if (isChanging(instance)) return 'snapshots.blocked.changing';
  if (instance.status === 'rescue') return 'snapshots.blocked.rescue';
  if (instance.isoId !== null) return 'snapshots.blocked.iso';
  return null;
}

/**
 * /instances/{id}/snapshot?page=: the instance's snapshots, what they cost, and taking a new one. The
 * list follows server events (an operation takes up to 20 minutes), the instance shows it as changing.
 */
export function SnapshotTab({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instances');
  const toast = useToast();
  const { moneyOfMicros } = useMoney();
  const navigate = useNavigate();
  const page = pageSearch((useSearch({ strict: false }) as Record<string, unknown>).page) ?? 1;
  const take = useTakeSnapshot(instance.id);
  const [problem, setProblem] = useState<SnapshotProblem | null>(null);
  const blocked = takeBlocked(instance);

  const onTake = () => {
    if (instance.isSuspended) return toast.warning(t('instanceDetail:suspended.access'));
    setProblem(null);
    runMutation(take, undefined, {
      onSuccess: () => toast.info(t('snapshots.taking', { name: instance.hostname })),
      onError: (error) => {
        const found = snapshotProblem(error, 'take', instance.id);
        if (found.kind === 'insufficientBalance') toast.error(t('snapshots.errors.insufficientBalance'));
        else setProblem(found);
      },
    });
  };
  const takeButton = (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={onTake}
      disabled={blocked !== null}
      loading={take.isPending}
    >
      {t('snapshots.take')}
    </Button>
  );

  return (
    <SectionCard title={t('snapshots.title')}>
      <Stack spacing={2}>
        <Typography color="text.secondary">
          {t('snapshots.priceNote', { price: moneyOfMicros(SNAPSHOT_MONTHLY_PRICE_PER_GB, 3) })}{' '}
          {t('snapshots.restoreNote')}
        </Typography>
        <Typography color="text.secondary" variant="body2">
          {t('snapshots.deletedNote')}
        </Typography>
        {blocked && <Alert severity="info">{t(blocked)}</Alert>}
        <div>{takeButton}</div>
        <SnapshotList
          filters={{ instanceId: instance.id, page }}
          onPage={(next) =>
            navigate({
              to: '/instances/$id/$tab',
              params: { id: String(instance.id), tab: 'snapshot' },
              search: { page: next > 1 ? next : undefined },
            })
          }
          locked={isChanging(instance) || instance.status === 'rescue'}
          problem={problem}
          onProblem={setProblem}
        />
      </Stack>
    </SectionCard>
  );
}
