import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** A field with its submit button beside it on wide screens and below it on phones. */
export function InlineSubmitRow({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 2,
        alignItems: 'flex-start',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        maxWidth: 560,
      }}
    >
      {children}
    </Box>
  );
}
