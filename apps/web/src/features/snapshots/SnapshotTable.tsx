import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { Snapshot } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../components/Ltr';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { useFormatDate } from '../../lib/dates';
import { SnapshotActions } from './SnapshotActions';
import { SnapshotInstance, SnapshotSize } from './SnapshotCells';
import { SnapshotStatusChip } from './SnapshotStatusChip';
import type { SnapshotAction } from './snapshot-rules';

export interface SnapshotRowsProps {
  snapshots: Snapshot[];
  onAction: (action: SnapshotAction, snapshot: Snapshot) => void;
  locked: boolean;
}

/** Snapshots on medium and larger screens (spec §2: name, cloud VPS, size, status, dates, actions). */
export function SnapshotTable({ snapshots, onAction, locked }: SnapshotRowsProps) {
  const { t } = useTranslation('instances');
  const formatDate = useFormatDate();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('snapshots.label')}>
        <TableHead>
          <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
            <TableCell>{t('snapshots.columns.name')}</TableCell>
            <TableCell>{t('snapshots.columns.instance')}</TableCell>
            <TableCell>{t('snapshots.columns.size')}</TableCell>
            <TableCell>{t('snapshots.columns.status')}</TableCell>
            <TableCell>{t('snapshots.columns.created')}</TableCell>
            <TableCell>{t('snapshots.columns.lastRestored')}</TableCell>
            <TableCell>
              <VisuallyHidden>{t('snapshots.columns.actions')}</VisuallyHidden>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {snapshots.map((snapshot) => (
            <TableRow key={snapshot.id} hover>
              <TableCell sx={{ fontWeight: 500, overflowWrap: 'anywhere', minWidth: 160 }}>
                <Ltr nowrap={false}>{snapshot.name}</Ltr>
              </TableCell>
              <TableCell>
                <SnapshotInstance snapshot={snapshot} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <SnapshotSize snapshot={snapshot} />
              </TableCell>
              <TableCell>
                <SnapshotStatusChip status={snapshot.status} />
              </TableCell>
              <TableCell sx={{ minWidth: 120 }}>
                <time dateTime={snapshot.createdAt}>{formatDate(snapshot.createdAt, 'dateTime')}</time>
              </TableCell>
              <TableCell sx={{ minWidth: 100 }}>
                {snapshot.lastRestoredAt ? (
                  <time dateTime={snapshot.lastRestoredAt}>
                    {formatDate(snapshot.lastRestoredAt, 'dateTime')}
                  </time>
                ) : (
                  t('snapshots.neverRestored')
                )}
              </TableCell>
              <TableCell>
                <SnapshotActions snapshot={snapshot} onAction={onAction} locked={locked} nowrap />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
