import { useMediaQuery, useTheme } from '@mui/material';

/** Below the md breakpoint lists become cards that load on (platform.md §2). */
export function useSmallScreen() {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('md'));
}
