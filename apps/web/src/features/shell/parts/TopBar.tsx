import MenuIcon from '@mui/icons-material/Menu';
import ScienceIcon from '@mui/icons-material/ScienceOutlined';
import { AppBar, Box, Chip, IconButton, Toolbar } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { brandingQuery } from '../../../api/branding';
import { BrandLogo } from '../../../components/BrandLogo';
import { Hint } from '../../../components/Hint';
import { LanguageSelector } from '../../../components/LanguageSelector';
import { TextLink } from '../../../components/links';
import { visuallyHidden } from '../../../components/VisuallyHidden';
import { NotificationBell } from '../../notifications/NotificationBell';
import { BalanceLink } from './BalanceLink';
import { MOBILE_NAVIGATION_ID } from './Sidebar';
import { UserMenu } from './UserMenu';

/**
 * Shown while the sandbox gateway is on: credit can then be added without money, which nobody should
 * mistake for a live install.
 */
function TestPaymentsBadge() {
  const { t } = useTranslation('shell');
  const { data: branding } = useQuery(brandingQuery);
  if (!branding?.sandboxPayments) return null;
  return (
    <Hint title={t('testPayments.hint')} describeChild>
      <Chip
        icon={<ScienceIcon />}
        // On a phone the bar also holds the balance: the badge keeps its icon, its words stay for
        // screen readers and in the tooltip.
        label={
          <Box component="span" sx={(theme) => ({ [theme.breakpoints.down('sm')]: visuallyHidden })}>
            {t('testPayments.badge')}
          </Box>
        }
        color="warning"
        size="small"
        variant="outlined"
        sx={{ minWidth: 0, fontWeight: 600, '& .MuiChip-label': { px: { xs: 0.25, sm: 1 } } }}
      />
    </Hint>
  );
}

/**
 * The signed-in top bar: navigation button (small screens), brand, the credit balance, language, and
 * the user menu.
 */
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
        <TestPaymentsBadge />
        <BalanceLink />
        <NotificationBell />
        <LanguageSelector compact />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
