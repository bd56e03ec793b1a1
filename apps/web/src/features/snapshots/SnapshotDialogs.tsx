import type { Snapshot } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { runMutation } from '../../api/mutations';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast } from '../../components/toast/ToastProvider';
import { useDeleteSnapshot, useRestoreSnapshot, useRetakeSnapshot } from './queries';
import { type SnapshotProblem, snapshotProblem } from './snapshot-errors';
import type { SnapshotAction } from './snapshot-rules';

export interface PendingAction {
  action: SnapshotAction;
  snapshot: Snapshot;
}

/**
 * The confirmation of a snapshot action: restore by typing the word (it overwrites the disk), retake and
 * delete by a plain confirmation. Outcomes are toasts, or a problem for the list's alert.
 */
export function SnapshotDialogs({
  pending,
  onClose,
  onProblem,
}: {
  pending: PendingAction | null;
  onClose: () => void;
  onProblem: (problem: SnapshotProblem) => void;
}) {
  const { t } = useTranslation('instances');
  const toast = useToast();
  const instanceId = pending?.snapshot.instanceId ?? 0;
  const restore = useRestoreSnapshot(instanceId);
  const retake = useRetakeSnapshot(instanceId);
  const remove = useDeleteSnapshot(instanceId);
  const snapshot = pending?.snapshot;
  const name = { name: snapshot?.name ?? '' };

  const report = (error: unknown, call: 'take' | 'restore') => {
    const problem = snapshotProblem(error, call, instanceId);
    if (problem.kind === 'insufficientBalance') toast.error(t('snapshots.errors.insufficientBalance'));
    else onProblem(problem);
  };
  const run = () => {
    if (!pending || !snapshot) return;
    const done = { onSettled: onClose };
    if (pending.action === 'restore')
      runMutation(restore, snapshot.id, {
        ...done,
        onSuccess: () => toast.info(t('snapshots.restoring', name)),
        onError: (error) => report(error, 'restore'),
      });
    if (pending.action === 'retake')
      runMutation(retake, snapshot.id, {
        ...done,
        onSuccess: () => toast.info(t('snapshots.taking', name)),
        onError: (error) => report(error, 'take'),
      });
    if (pending.action === 'delete')
      runMutation(remove, snapshot.id, {
        ...done,
        onSuccess: () => toast.success(t('snapshots.deleted', name)),
        onError: () => toast.error(t('snapshots.errors.deleteFailed', name)),
      });
  };

  const action = pending?.action ?? 'delete';
  return (
    <ConfirmDialog
      open={pending !== null}
      title={t(`snapshots.confirm.${action}.title`, name)}
      message={t(`snapshots.confirm.${action}.message`)}
      confirmLabel={t(`snapshots.actions.${action}`)}
      destructive={action !== 'retake'}
      confirmPhrase={action === 'restore' ? t('snapshots.confirm.restore.word') : undefined}
      loading={restore.isPending || retake.isPending || remove.isPending}
      onConfirm={run}
      onClose={onClose}
    />
  );
}
