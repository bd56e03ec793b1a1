import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import { Box } from '@mui/material';
import type { Snapshot } from '@nimbus/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/Ltr';
import { EmptyState } from '../../../components/states/EmptyState';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadingState } from '../../../components/states/LoadingState';
import { LoadMore } from '../../billing/components/LoadMore';
import { readySnapshotsQuery } from '../../snapshots/queries';
import { sizeInGb } from '../../snapshots/snapshot-rules';
import { useCreation } from '../creation-context';
import type { CreationValues } from '../form-model';
import { machineOf } from '../plan-rules';
import { SourceCard } from './SourceCard';

export type SnapshotUnavailableReason = 'region' | 'planType' | 'storage' | 'gpu' | 'image';

/** Why a snapshot cannot make this order's instances, or null (instances.md §4 unavailable reasons). */
export function snapshotUnavailable(
  snapshot: Snapshot,
  values: Pick<CreationValues, 'regionId' | 'planClass'>,
  diskGb: number | null,
): SnapshotUnavailableReason | null {
  if (values.planClass === 'gpu-provided') return 'gpu';
  if (snapshot.metadata.osId === null) return 'image';
  if (values.regionId !== null && snapshot.regionId !== values.regionId) return 'region';
  if (snapshot.metadata.instanceClass !== values.planClass) return 'planType';
  if (diskGb !== null && diskGb < snapshot.metadata.disk) return 'storage';
  return null;
}

/**
 * The creation screen's Snapshots tab: the customer's ready snapshots; one that cannot make this order's
 * instances says why. Choosing one builds the instances from it (its image comes along).
 */
export function SnapshotPicker() {
  const { t } = useTranslation('instanceCreation');
  const { values, apply, catalogue } = useCreation();
  const list = useInfiniteQuery(readySnapshotsQuery);
  const snapshots = list.data?.pages.flatMap((page) => page.items) ?? [];
  const chosen = snapshots.find((s) => s.id === values.fromSnapshot);
  // A snapshot chosen by the link (?snapshotId=) brings its image, as a click on its card does.
  useEffect(() => {
    if (chosen && chosen.metadata.osId !== values.osId) apply({ osId: chosen.metadata.osId, appId: null });
  }, [chosen, values.osId, apply]);
  const diskGb =
    catalogue.product || values.customPlan
      ? machineOf(catalogue.product, values.extraResource).diskInGB
      : null;

  if (list.isPending) return <LoadingState minHeight={120} />;
  if (list.isError && snapshots.length === 0) return <ErrorState onRetry={() => void list.refetch()} />;
  if (snapshots.length === 0)
    return (
      <EmptyState
        icon={<PhotoCameraIcon />}
        title={t('image.empty.snapshots')}
        message={t('image.snapshots.howTo')}
      />
    );
  return (
    <>
      <Box
        role="radiogroup"
        aria-label={t('image.tabs.snapshots')}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}
      >
        {snapshots.map((snapshot) => {
          const reason = snapshotUnavailable(snapshot, values, diskGb);
          return (
            <SourceCard
              key={snapshot.id}
              title={<Ltr nowrap={false}>{snapshot.name}</Ltr>}
              details={t('image.snapshots.details', {
                hostname: snapshot.metadata.hostname,
                size: sizeInGb(snapshot) ?? '—',
              })}
              reason={reason && t(`image.snapshots.unavailable.${reason}`, { disk: snapshot.metadata.disk })}
              selected={values.fromSnapshot === snapshot.id}
              onSelect={() =>
                apply({ fromSnapshot: snapshot.id, osId: snapshot.metadata.osId, appId: null, ocaData: {} })
              }
            />
          );
        })}
      </Box>
      <LoadMore
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        isFetchNextPageError={list.isFetchNextPageError}
        fetchNextPage={list.fetchNextPage}
      />
    </>
  );
}
