import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { instanceStatsQuery, preordersQuery } from '../instances/queries';

function Tile({ label, value, note }: { label: string; value: number | undefined; note?: string }) {
  return (
    <Card variant="outlined" component="li">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h2" component="p">
          {value ?? <Skeleton width={40} />}
        </Typography>
        {note && (
          <Typography variant="body2" color="text.secondary">
            {note}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Services count, active and suspended VPS (platform.md §2). Active counts powered on plus shut down
 * (platform.md §4): a stopped server is still the customer's and still billed.
 */
export function ServiceTiles() {
  const { t } = useTranslation('instances');
  const stats = useQuery(instanceStatsQuery());
  // Preorders are listed among the services below but not counted: the tile says how many there are.
  const preorderCount = useQuery(preordersQuery()).data?.length ?? 0;
  if (stats.isError) return null;
  const data = stats.data;
  return (
    <Box
      component="ul"
      aria-label={t('dashboard.tilesLabel')}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      <Tile
        label={t('dashboard.services')}
        value={data?.instanceCount}
        note={preorderCount > 0 ? t('dashboard.preorders', { count: preorderCount }) : undefined}
      />
      <Tile
        label={t('dashboard.active')}
        value={data && data.poweredOnInstanceCount + data.shutdownInstanceCount}
      />
      <Tile label={t('dashboard.suspended')} value={data?.suspendedInstanceCount} />
    </Box>
  );
}
