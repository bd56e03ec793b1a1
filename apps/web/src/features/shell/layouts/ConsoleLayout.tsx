import { Box, ThemeProvider, useTheme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { brandingQuery } from '../../../api/branding';
import { buildTheme } from '../../../theme/theme';

/** Full-screen, dark, no chrome: a remote console needs every pixel and a calm background. */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const { direction } = useTheme();
  const { data: branding } = useQuery(brandingQuery);
  const dark = useMemo(
    () => (branding ? buildTheme(branding, direction, 'dark') : null),
    [branding, direction],
  );
  if (!dark) return null;
  return (
    <ThemeProvider theme={dark}>
      <Box
        component="main"
        sx={{
          position: 'fixed',
          inset: 0,
          overflow: 'auto',
          display: 'flex',
          flexDirection: 'column',
          bgcolor: 'background.default',
          color: 'text.primary',
        }}
      >
        {children}
      </Box>
    </ThemeProvider>
  );
}
