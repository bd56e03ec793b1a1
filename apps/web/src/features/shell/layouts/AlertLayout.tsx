import { Box, Paper } from '@mui/material';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../../components/BrandLogo';
import { LanguageSelector } from '../../../components/LanguageSelector';
import { Footer } from '../parts/Footer';

/** Result screens (verification, password reset, payment results): one centred card under the logo. */
export function AlertLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, py: 1.5 }}>
        <LanguageSelector compact />
      </Box>
      <Box
        component="main"
        sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2, pb: 6 }}
      >
        <Paper
          variant="outlined"
          sx={{
            width: '100%',
            maxWidth: 480,
            px: { xs: 3, sm: 5 },
            py: { xs: 4, sm: 5 },
            textAlign: 'center',
          }}
        >
          <Box sx={{ mb: 3 }}>
            <BrandLogo withName={false} size={56} />
          </Box>
          {children}
        </Paper>
      </Box>
      <Footer />
    </Box>
  );
}
