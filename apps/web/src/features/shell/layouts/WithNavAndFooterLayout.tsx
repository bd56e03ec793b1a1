import { AppBar, Box, Container, Toolbar } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { tokenStore } from '../../../api/tokens';
import { BrandLogo } from '../../../components/BrandLogo';
import { LanguageSelector } from '../../../components/LanguageSelector';
import { ButtonLink, TextLink } from '../../../components/links';
import { Footer } from '../parts/Footer';
import { ProviderBanner } from '../parts/ProviderBanner';

/** Pages open to visitors (the cart): top navigation and footer, no sidebar. */
export function WithNavAndFooterLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const signedIn = tokenStore.isAuthenticated();
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="sticky" color="inherit" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 1 }}>
          <TextLink to="/dashboard" underline="none" sx={{ display: 'inline-flex', minWidth: 0 }}>
            <BrandLogo compact />
          </TextLink>
          <Box sx={{ flexGrow: 1 }} />
          <LanguageSelector compact />
          {signedIn ? (
            <ButtonLink to="/dashboard" variant="contained">
              {t('nav.dashboard')}
            </ButtonLink>
          ) : (
            <>
              <ButtonLink to="/signin" color="inherit" sx={{ flexShrink: 0 }}>
                {t('guestNav.signIn')}
              </ButtonLink>
              <ButtonLink to="/signup" variant="contained" sx={{ flexShrink: 0 }}>
                {t('guestNav.signUp')}
              </ButtonLink>
            </>
          )}
        </Toolbar>
      </AppBar>
      {/* The cart is where a visitor chooses plans and regions, which is what announcements are about. */}
      <ProviderBanner />
      <Container component="main" maxWidth="lg" sx={{ flexGrow: 1, py: { xs: 2, sm: 3 } }}>
        {children}
      </Container>
      <Footer />
    </Box>
  );
}
