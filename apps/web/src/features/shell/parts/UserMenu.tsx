import ApiIcon from '@mui/icons-material/ApiOutlined';
import HistoryIcon from '@mui/icons-material/History';
import LockIcon from '@mui/icons-material/LockOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import MailIcon from '@mui/icons-material/MailOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import {
  Avatar,
  Box,
  Divider,
  IconButton,
  ListItemIcon,
  Menu,
  MenuItem,
  Typography,
  useTheme,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuItemLink } from '../../../components/links';
import { useSignOutMutation, useUserInfoQuery } from '../../auth/queries';

const accountLinks = [
  { tab: 'information', icon: PersonIcon },
  { tab: 'email', icon: MailIcon },
  { tab: 'security', icon: LockIcon },
  { tab: 'api-access', icon: ApiIcon },
  { tab: 'log', icon: HistoryIcon },
] as const;

const initialsOf = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');

/** The avatar menu: who is signed in, the account pages, and Sign out. */
export function UserMenu() {
  const { t } = useTranslation('shell');
  const { data: user } = useUserInfoQuery();
  const signOut = useSignOutMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const open = Boolean(anchor);
  const close = () => setAnchor(null);
  // Popover positions itself with inline styles, which the RTL style plugin does not flip.
  const end = useTheme().direction === 'rtl' ? 'left' : 'right';

  return (
    <>
      <IconButton
        id={buttonId}
        aria-label={t('userMenu.open')}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: '0.9rem' }}>
          {user ? initialsOf(user.fullname) : undefined}
        </Avatar>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: end }}
        transformOrigin={{ vertical: 'top', horizontal: end }}
        slotProps={{ list: { 'aria-labelledby': buttonId }, paper: { sx: { minWidth: 240, mt: 0.5 } } }}
      >
        {user && (
          <Box sx={{ px: 2, pt: 1, pb: 1.5, maxWidth: 300 }}>
            <Typography noWrap sx={{ fontWeight: 600 }}>
              {user.fullname}
            </Typography>
            <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
              {user.email.email}
            </Typography>
          </Box>
        )}
        {user && <Divider />}
        {accountLinks.map(({ tab, icon: Icon }) => (
          <MenuItemLink key={tab} to="/account/$tab" params={{ tab }} onClick={close}>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            {t(`userMenu.account.${tab}`)}
          </MenuItemLink>
        ))}
        <Divider />
        <MenuItem
          disabled={signOut.isPending}
          onClick={() => {
            close();
            signOut.mutate();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('userMenu.signOut')}
        </MenuItem>
      </Menu>
    </>
  );
}
