import { Box } from '@mui/material';
import type { ReactNode } from 'react';

interface Props {
  items: { label: string; value: ReactNode }[];
  /** Labels above values at every width, for narrow cards; otherwise only on small screens. */
  stacked?: boolean;
}

/** Label/value pairs as a description list. */
export function DetailList({ items, stacked = false }: Props) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: stacked ? '1fr' : { xs: '1fr', sm: 'minmax(120px, max-content) 1fr' },
        columnGap: 3,
        rowGap: stacked ? 0.25 : { xs: 0.25, sm: 1.25 },
        alignItems: 'center',
      }}
    >
      {items.map(({ label, value }) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary', mt: stacked ? 1 : { xs: 1, sm: 0 } }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
