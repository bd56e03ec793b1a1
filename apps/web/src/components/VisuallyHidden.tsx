import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** Text for screen readers only, e.g. "(opens in a new tab)". */
export const visuallyHidden = {
  position: 'absolute',
  // Strings, not numbers: in `sx` a width of 1 means 100%.
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={visuallyHidden}>
      {children}
    </Box>
  );
}
