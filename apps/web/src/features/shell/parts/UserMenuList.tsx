import ApiIcon from '@mui/icons-material/ApiOutlined';
import HistoryIcon from '@mui/icons-material/History';
import LockIcon from '@mui/icons-material/LockOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import MailIcon from '@mui/icons-material/MailOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import { Box, Divider, ListItemIcon, MenuItem, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { MenuItemLink } from '../../../components/MenuItemLink';
import { TopBarMenu, type TopBarMenuProps } from '../../../components/TopBarMenu';
import { useSignOutMutation, useUserInfoQuery } from '../../auth/queries';

const accountLinks = [
  { tab: 'information', icon: PersonIcon },
  { tab: 'email', icon: MailIcon },
  { tab: 'security', icon: LockIcon },
  { tab: 'api-access', icon: ApiIcon },
  { tab: 'log', icon: HistoryIcon },
] as const;

/** The avatar menu's list: who is signed in, the account pages, and Sign out. */
export function UserMenuList({ onClose, ...menu }: TopBarMenuProps) {
  const { t } = useTranslation('shell');
  const { data: user } = useUserInfoQuery();
  const signOut = useSignOutMutation();
  const close = onClose;
  return (
    <TopBarMenu {...menu} onClose={close} paperSx={{ minWidth: 240, mt: 0.5 }}>
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
    </TopBarMenu>
  );
}
