import { Box, Skeleton } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { instanceStatsQuery, preordersQuery } from '../instances/queries';
import { InvoicesTile } from './InvoicesTile';
import { OpenTicketsTile } from './OpenTicketsTile';
import { Tile } from './Tile';

/**
 * Services count, active and suspended VPS, open tickets, invoices count (platform.md §2). Active counts
 * powered on plus shut down (platform.md §4): a stopped server is still the customer's and still billed.
 * The service tiles, the tickets tile and the invoices tile fail apart.
 */
export function ServiceTiles() {
  const { t } = useTranslation('instances');
  const stats = useQuery(instanceStatsQuery());
  // Preorders are listed among the services below but not counted: the tile says how many there are.
  const preorderCount = useQuery(preordersQuery()).data?.length ?? 0;
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
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          lg: 'repeat(5, minmax(0, 1fr))',
        },
        // Two to a row on phones: an odd last tile takes the whole row rather than leaving a hole.
        '& > li:last-of-type:nth-of-type(odd)': { gridColumn: { xs: '1 / -1', sm: 'auto' } },
      }}
    >
      {!stats.isError && (
        <>
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
        </>
      )}
      {/* The support texts come in a chunk of their own (namespace-groups.ts): a skeleton meanwhile. */}
      <Suspense fallback={<Tile label={<Skeleton width={90} />} value={undefined} />}>
        <OpenTicketsTile />
      </Suspense>
      <InvoicesTile />
    </Box>
  );
}
