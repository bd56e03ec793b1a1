import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import { Box, Pagination, useMediaQuery, useTheme } from '@mui/material';
import type { Snapshot } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/states/EmptyState';
import { ErrorState } from '../../components/states/ErrorState';
import { LoadingState } from '../../components/states/LoadingState';
import { useToast } from '../../components/toast/ToastProvider';
import { type SnapshotFilters, snapshotListQuery } from './queries';
import { SnapshotCards } from './SnapshotCards';
import { type PendingAction, SnapshotDialogs } from './SnapshotDialogs';
import { SnapshotProblemAlert } from './SnapshotProblemAlert';
import { SnapshotTable } from './SnapshotTable';
import type { SnapshotProblem } from './snapshot-errors';
import { endedOperations } from './snapshot-rules';

interface Props {
  filters: SnapshotFilters;
  onPage: (page: number) => void;
  /** Restore and retake wait while the instance is changing. */
  locked: boolean;
  /** What the empty state offers (taking the first snapshot). */
  emptyAction?: ReactNode;
  /** A problem of a take started outside the list (the tab's button), shown with the list's own. */
  problem: SnapshotProblem | null;
  onProblem: (problem: SnapshotProblem | null) => void;
}

/**
 * A page of snapshots (25, server supplied): a table on medium and larger screens, cards below; loading,
 * empty and error states; the actions' dialogs; and a toast when an operation ends (spec §4).
 */
export function SnapshotList({ filters, onPage, locked, emptyAction, problem, onProblem }: Props) {
  const { t } = useTranslation('instances');
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const list = useQuery(snapshotListQuery(filters));
  const [pending, setPending] = useState<PendingAction | null>(null);
  useOperationToasts(list.data?.items);

  const alert = problem && problem.kind !== 'insufficientBalance' && (
    <SnapshotProblemAlert problem={problem} onClose={() => onProblem(null)} />
  );
  if (list.isPending) return <LoadingState label={t('snapshots.loading')} minHeight={120} />;
  if (list.isError) return <ErrorState onRetry={() => list.refetch()} message={t('snapshots.loadFailed')} />;
  if (list.data.items.length === 0)
    return (
      <>
        {alert}
        <EmptyState
          icon={<PhotoCameraIcon />}
          title={t('snapshots.emptyTitle')}
          message={t('snapshots.emptyMessage')}
          action={emptyAction}
        />
      </>
    );

  const rows = {
    snapshots: list.data.items,
    onAction: (action: PendingAction['action'], snapshot: Snapshot) => setPending({ action, snapshot }),
    locked,
  };
  return (
    <>
      {alert}
      {wide ? <SnapshotTable {...rows} /> : <SnapshotCards {...rows} />}
      {list.data.totalPages > 1 && (
        <Box
          component="nav"
          aria-label={t('snapshots.pagination')}
          sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}
        >
          <Pagination
            count={list.data.totalPages}
            page={Math.min(filters.page, list.data.totalPages)}
            onChange={(_event, next) => onPage(next)}
            color="primary"
            siblingCount={wide ? 1 : 0}
          />
        </Box>
      )}
      <SnapshotDialogs pending={pending} onClose={() => setPending(null)} onProblem={onProblem} />
    </>
  );
}

/** Toasts "created", "restored" or "failed" as operations end on the snapshots in view. */
function useOperationToasts(items: Snapshot[] | undefined) {
  const { t } = useTranslation('instances');
  const toast = useToast();
  const seen = useRef(new Map<number, Snapshot['status']>());
  useEffect(() => {
    if (!items) return;
    for (const { snapshot, outcome } of endedOperations(seen.current, items)) {
      const name = { name: snapshot.name };
      if (outcome === 'failed') toast.error(t('snapshots.failed', name));
      else toast.success(t(`snapshots.${outcome}`, name));
    }
    seen.current = new Map(items.map((s) => [s.id, s.status]));
  }, [items, t, toast]);
}
