import { Avatar, IconButton } from '@mui/material';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useMenuButton } from '../../../components/use-menu-button';
import { useUserInfoQuery } from '../../auth/queries';
import { lazyNamed } from '../chunk-error';

// The menu (MUI's Menu, Popover and their focus handling) comes at the first click: the avatar is on every signed-in page.
const UserMenuList = lazyNamed(() => import('./UserMenuList'), 'UserMenuList');

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
  const { opened, button, menu } = useMenuButton();

  return (
    <>
      <IconButton {...button} aria-label={t('userMenu.open')} sx={{ p: 0.5 }}>
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'primary.main', fontSize: '0.9rem' }}>
          {user ? initialsOf(user.fullname) : undefined}
        </Avatar>
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <UserMenuList {...menu} />
        </Suspense>
      )}
    </>
  );
}
