import { Box, Container, Toolbar } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { PendingSurvey } from '../../surveys/PendingSurvey';
import { useCustomerStats } from '../customer-stats';
import { EmailVerificationBanner } from '../parts/EmailVerificationBanner';
import { Footer } from '../parts/Footer';
import { ProviderBanner } from '../parts/ProviderBanner';
import { Sidebar } from '../parts/Sidebar';
import { MAIN_CONTENT_ID, SkipLink } from '../parts/SkipLink';
import { TopBar } from '../parts/TopBar';

/**
 * The signed-in panel: top bar, sidebar, the provider's banner, the page, the footer, and any survey
 * offered; it records the browser's analytics ids once (customer-stats.ts). `wide` gives the page more room.
 */
export function DefaultLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const [navigationOpen, setNavigationOpen] = useState(false);
  useCustomerStats();
  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <SkipLink />
      <TopBar navigationOpen={navigationOpen} onOpenNavigation={() => setNavigationOpen(true)} />
      <Sidebar mobileOpen={navigationOpen} onClose={() => setNavigationOpen(false)} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <ProviderBanner />
        <EmailVerificationBanner />
        <Container
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          maxWidth={wide ? 'xl' : 'lg'}
          sx={{ flexGrow: 1, py: { xs: 2, sm: 3 }, px: { xs: 2, sm: 3 }, outline: 'none' }}
        >
          {children}
        </Container>
        <Footer />
      </Box>
      {/* A survey offered by the page, or by the one before it (features/surveys/pending-survey.ts). */}
      <PendingSurvey />
    </Box>
  );
}
