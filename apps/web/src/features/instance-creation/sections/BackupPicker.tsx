import BackupIcon from '@mui/icons-material/BackupOutlined';
import { Box } from '@mui/material';
import type { BackupFile, BackupProfileListItem } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/states/EmptyState';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadingState } from '../../../components/states/LoadingState';
import { useFormatDate } from '../../../lib/dates';
import { backupProfilesQuery } from '../../backups/queries';
import { useCreation } from '../creation-context';
import type { CreationValues } from '../form-model';
import { machineOf } from '../plan-rules';
import type { SnapshotUnavailableReason } from './SnapshotPicker';
import { SourceCard } from './SourceCard';

type Origin = BackupProfileListItem['instanceData'];

/** Why a backup cannot make this order's instances, or null: the rules of a snapshot (instances.md §4). */
export function backupUnavailable(
  origin: Origin,
  values: Pick<CreationValues, 'regionId' | 'planClass'>,
  diskGb: number | null,
): SnapshotUnavailableReason | null {
  if (values.planClass === 'gpu-provided') return 'gpu';
  if (origin.osId === null) return 'image';
  if (values.regionId !== null && origin.regionId !== values.regionId) return 'region';
  if (origin.planClass !== values.planClass) return 'planType';
  if (diskGb !== null && diskGb < origin.disk) return 'storage';
  return null;
}

/**
 * The creation screen's Backups tab: every backup taken of the customer's instances; one that cannot make
 * this order's instances says why. Choosing one builds the instances from it (its image comes along).
 */
export function BackupPicker() {
  const { t } = useTranslation('instanceCreation');
  const formatDate = useFormatDate();
  const { values, apply, catalogue } = useCreation();
  const profiles = useQuery(backupProfilesQuery);
  const backups: { file: BackupFile; origin: Origin }[] = (profiles.data ?? []).flatMap((p) =>
    p.backupFiles.filter((f) => f.status === 'active').map((file) => ({ file, origin: p.instanceData })),
  );
  const chosen = backups.find((b) => b.file.id === values.backupId);
  // A backup chosen by the link (?backupId=) brings its image, as a click on its card does.
  useEffect(() => {
    if (chosen && chosen.origin.osId !== values.osId) apply({ osId: chosen.origin.osId, appId: null });
  }, [chosen, values.osId, apply]);
  const diskGb =
    catalogue.product || values.customPlan
      ? machineOf(catalogue.product, values.extraResource).diskInGB
      : null;

  if (profiles.isPending) return <LoadingState minHeight={120} />;
  if (profiles.isError) return <ErrorState onRetry={() => void profiles.refetch()} />;
  if (backups.length === 0)
    return (
      <EmptyState icon={<BackupIcon />} title={t('image.empty.backups')} message={t('image.backups.howTo')} />
    );
  return (
    <Box
      role="radiogroup"
      aria-label={t('image.tabs.backups')}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}
    >
      {backups.map(({ file, origin }) => {
        const reason = backupUnavailable(origin, values, diskGb);
        return (
          <SourceCard
            key={file.id}
            title={origin.hostname}
            details={t('image.backups.details', {
              date: formatDate(file.createdAt, 'dateTime'),
              size: (file.size / 1024).toFixed(2),
            })}
            reason={reason && t(`image.snapshots.unavailable.${reason}`, { disk: origin.disk })}
            selected={values.backupId === file.id}
            onSelect={() =>
              apply({ backupId: file.id, fromSnapshot: null, osId: origin.osId, appId: null, ocaData: {} })
            }
          />
        );
      })}
    </Box>
  );
}
