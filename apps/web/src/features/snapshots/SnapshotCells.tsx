import { Typography } from '@mui/material';
import type { Snapshot } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { TextLink } from '../../components/links';
import { sizeInGb } from './snapshot-rules';

/** The instance a snapshot was taken of: a link while it exists, its name and "deleted" after. */
export function SnapshotInstance({ snapshot }: { snapshot: Snapshot }) {
  const { t } = useTranslation('instances');
  if (snapshot.isInstanceDeleted)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('snapshots.instanceDeleted', { hostname: snapshot.metadata.hostname })}
      </Typography>
    );
  return (
    <TextLink to="/instances/$id/$tab" params={{ id: String(snapshot.instanceId), tab: 'access' }}>
      {snapshot.metadata.hostname}
    </TextLink>
  );
}

/** "2.00 GB", or a dash while the first take runs. */
export function SnapshotSize({ snapshot }: { snapshot: Snapshot }) {
  const { t } = useTranslation('instances');
  const gb = sizeInGb(snapshot);
  return <>{gb === null ? '—' : t('snapshots.sizeGb', { size: gb })}</>;
}
