import { Button, Stack } from '@mui/material';
import type { Snapshot } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/links';
import { canDelete, canRestore, canRetake, type SnapshotAction } from './snapshot-rules';

/** A snapshot's actions, each opening its confirmation; unavailable ones are disabled. */
export function SnapshotActions({
  snapshot,
  onAction,
  locked,
  nowrap = false,
}: {
  snapshot: Snapshot;
  onAction: (action: SnapshotAction, snapshot: Snapshot) => void;
  /** The instance is changing or another snapshot operation runs: restore and retake wait. */
  locked: boolean;
  /** In a table row the three stay on one line; in a card they may wrap. */
  nowrap?: boolean;
}) {
  const { t } = useTranslation('instances');
  const name = { name: snapshot.name };
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: nowrap ? 'nowrap' : 'wrap' }}>
      <Button
        size="small"
        disabled={locked || !canRestore(snapshot)}
        onClick={() => onAction('restore', snapshot)}
        aria-label={t('snapshots.actions.restoreLabel', name)}
      >
        {t('snapshots.actions.restore')}
      </Button>
      <Button
        size="small"
        disabled={locked || !canRetake(snapshot)}
        onClick={() => onAction('retake', snapshot)}
        aria-label={t('snapshots.actions.retakeLabel', name)}
      >
        {t('snapshots.actions.retake')}
      </Button>
      <ButtonLink
        size="small"
        to="/createinstance"
        search={{
          snapshotId: snapshot.id,
          region: snapshot.regionId,
          planType: snapshot.metadata.instanceClass,
        }}
        disabled={snapshot.status !== 'active'}
        aria-label={t('snapshots.actions.deployLabel', name)}
      >
        {t('snapshots.actions.deploy')}
      </ButtonLink>
      <Button
        size="small"
        color="error"
        disabled={!canDelete(snapshot)}
        onClick={() => onAction('delete', snapshot)}
        aria-label={t('snapshots.actions.deleteLabel', name)}
      >
        {t('snapshots.actions.delete')}
      </Button>
    </Stack>
  );
}
