import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import { Box, Pagination, useMediaQuery, useTheme } from '@mui/material';
import type { Snapshot, SnapshotList as SnapshotPage } from '@nimbus/contract';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
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
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const list = useQuery(snapshotListQuery(filters));
  const [pending, setPending] = useState<PendingAction | null>(null);
  useOperationToasts(list.data?.items);

  const alert = problem && problem.kind !== 'insufficientBalance' && (
    <SnapshotProblemAlert problem={problem} onClose={() => onProblem(null)} />
  );
  // The dialogs stay mounted, in one place, whatever the list shows: deleting the last snapshot empties
  // the list (by server push) while the call is still settling, and an unmounted dialog would never
  // tell its outcome.
  return (
    <>
      {alert}
      <SnapshotListBody
        list={list}
        wide={wide}
        filters={filters}
        onPage={onPage}
        emptyAction={emptyAction}
        onAction={(action, snapshot) => setPending({ action, snapshot })}
        locked={locked}
      />
      <SnapshotDialogs pending={pending} onClose={() => setPending(null)} onProblem={onProblem} />
    </>
  );
}

function SnapshotListBody({
  list,
  wide,
  filters,
  onPage,
  emptyAction,
  onAction,
  locked,
}: Pick<Props, 'filters' | 'onPage' | 'emptyAction' | 'locked'> & {
  list: UseQueryResult<SnapshotPage>;
  wide: boolean;
  onAction: (action: PendingAction['action'], snapshot: Snapshot) => void;
}) {
  const { t } = useTranslation('instances');
  if (list.isPending) return <LoadingState label={t('snapshots.loading')} minHeight={120} />;
  if (list.isError) return <ErrorState onRetry={() => list.refetch()} message={t('snapshots.loadFailed')} />;
  if (list.data.items.length === 0)
    return (
      <EmptyState
        icon={<PhotoCameraIcon />}
        title={t('snapshots.emptyTitle')}
        message={t('snapshots.emptyMessage')}
        action={emptyAction}
      />
    );
  const rows = { snapshots: list.data.items, onAction, locked };
  return (
    <>
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
