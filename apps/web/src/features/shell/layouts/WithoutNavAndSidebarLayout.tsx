import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../../components/BrandLogo';

/** A bare page under the logo: the not-found page and the printable invoice and payment pages. */
export function WithoutNavAndSidebarLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ px: { xs: 2, sm: 3 }, py: 2 }}>
        <BrandLogo />
      </Box>
      <Box component="main" sx={{ flexGrow: 1, px: { xs: 2, sm: 3 }, pb: 4 }}>
        {children}
      </Box>
    </Box>
  );
}
