import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../../components/BrandLogo';
import { LanguageSelector } from '../../../components/LanguageSelector';
import { Footer } from './Footer';

/**
 * Sign-in and sign-up: the form on one side, the provider's pitch on the other (from md up; small
 * screens show the form alone).
 */
export function SplitScreen({ children, aside }: { children: ReactNode; aside: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Box
          component="header"
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            px: { xs: 2, sm: 4 },
            py: 2,
          }}
        >
          <BrandLogo />
          <LanguageSelector compact />
        </Box>
        <Box
          component="main"
          sx={{
            flexGrow: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            px: { xs: 2, sm: 4 },
            py: { xs: 2, sm: 4 },
          }}
        >
          <Box sx={{ width: '100%', maxWidth: 440 }}>{children}</Box>
        </Box>
        <Footer />
      </Box>
      <Box
        component="aside"
        sx={{
          display: { xs: 'none', md: 'flex' },
          position: 'sticky',
          top: 0,
          height: '100dvh',
          overflow: 'hidden',
          color: '#fff',
          background: (theme) =>
            `linear-gradient(135deg, ${theme.palette.secondary.main} 0%, ${theme.palette.primary.dark} 55%, ${theme.palette.primary.main} 100%)`,
        }}
      >
        {aside}
      </Box>
    </Box>
  );
}
