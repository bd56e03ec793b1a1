import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, IconButton, Toolbar } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/BrandLogo';
import { LanguageSelector } from '../../../components/LanguageSelector';
import { TextLink } from '../../../components/links';
import { MOBILE_NAVIGATION_ID } from './Sidebar';
import { UserMenu } from './UserMenu';

/** The signed-in top bar: navigation button (small screens), brand, language, and the user menu. */
export function TopBar({
  navigationOpen,
  onOpenNavigation,
}: {
  navigationOpen: boolean;
  onOpenNavigation: () => void;
}) {
  const { t } = useTranslation('shell');
  return (
    <AppBar
      position="fixed"
      color="inherit"
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          edge="start"
          aria-label={t('nav.open')}
          aria-controls={MOBILE_NAVIGATION_ID}
          aria-expanded={navigationOpen}
          onClick={onOpenNavigation}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <TextLink to="/dashboard" underline="none" sx={{ display: 'inline-flex', minWidth: 0 }}>
          <BrandLogo compact />
        </TextLink>
        <Box sx={{ flexGrow: 1 }} />
        <LanguageSelector compact />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
