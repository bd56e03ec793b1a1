import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/links';
import type { SnapshotProblem } from './snapshot-errors';

/** A refused take or restore, with the way forward: resize the instance, or ask support. */
export function SnapshotProblemAlert({
  problem,
  onClose,
}: {
  problem: Exclude<SnapshotProblem, { kind: 'insufficientBalance' }>;
  onClose: () => void;
}) {
  const { t } = useTranslation('instances');
  const action =
    problem.kind === 'diskMismatch' ? (
      <ButtonLink
        to="/instances/$id/$tab"
        params={{ id: String(problem.instanceId), tab: 'resize' }}
        size="small"
        color="inherit"
      >
        {t('snapshots.errors.resize')}
      </ButtonLink>
    ) : (
      <ButtonLink to="/support/new-ticket" size="small" color="inherit">
        {t('snapshots.errors.contactSupport')}
      </ButtonLink>
    );
  return (
    <Alert
      severity={problem.kind === 'diskMismatch' ? 'warning' : 'error'}
      onClose={onClose}
      action={action}
      sx={{ mb: 2 }}
    >
      {t(`snapshots.errors.${problem.kind}`)}
      {'detail' in problem && problem.detail ? ` ${problem.detail}` : ''}
    </Alert>
  );
}
