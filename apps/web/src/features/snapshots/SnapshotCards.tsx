import { Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../components/DetailList';
import { Ltr } from '../../components/Ltr';
import { useFormatDate } from '../../lib/dates';
import { SnapshotActions } from './SnapshotActions';
import { SnapshotInstance, SnapshotSize } from './SnapshotCells';
import { SnapshotStatusChip } from './SnapshotStatusChip';
import type { SnapshotRowsProps } from './SnapshotTable';

/** Snapshots on small screens: one card each, the same facts and actions as the table. */
export function SnapshotCards({ snapshots, onAction, locked }: SnapshotRowsProps) {
  const { t } = useTranslation('instances');
  const formatDate = useFormatDate();
  return (
    <Stack
      spacing={1.5}
      component="ul"
      aria-label={t('snapshots.label')}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {snapshots.map((snapshot) => (
        <Card key={snapshot.id} variant="outlined" component="li">
          <CardContent sx={{ pb: 0 }}>
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
            >
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                <Ltr nowrap={false}>{snapshot.name}</Ltr>
              </Typography>
              <SnapshotStatusChip status={snapshot.status} />
            </Stack>
            <DetailList
              items={[
                { label: t('snapshots.columns.instance'), value: <SnapshotInstance snapshot={snapshot} /> },
                { label: t('snapshots.columns.size'), value: <SnapshotSize snapshot={snapshot} /> },
                { label: t('snapshots.columns.created'), value: formatDate(snapshot.createdAt, 'dateTime') },
                {
                  label: t('snapshots.columns.lastRestored'),
                  value: snapshot.lastRestoredAt
                    ? formatDate(snapshot.lastRestoredAt, 'dateTime')
                    : t('snapshots.neverRestored'),
                },
              ]}
            />
          </CardContent>
          <CardActions>
            <SnapshotActions snapshot={snapshot} onAction={onAction} locked={locked} />
          </CardActions>
        </Card>
      ))}
    </Stack>
  );
}
