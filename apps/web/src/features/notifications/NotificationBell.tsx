import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { Box, IconButton } from '@mui/material';
import { NOTIFICATIONS_BELL_SIZE } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useMenuButton } from '../../components/use-menu-button';
import { lazyNamed } from '../shell/chunk-error';
import { notificationListQuery } from './queries';

/*
 * The menu (its list, icons, dates and the `notifications` texts) comes at the first click: the bell is on
 * every signed-in page.
 */
const NotificationMenu = lazyNamed(() => import('./NotificationMenu'), 'NotificationMenu');

/** The top bar's bell: how many notifications are unread, and a menu of the latest ones. */
export function NotificationBell() {
  // Its two labels are the shell's: the notifications' own texts come with the menu or the page.
  const { t } = useTranslation('shell');
  // The menu reads this same page: the badge and the menu always agree.
  const { data } = useQuery(notificationListQuery(1, NOTIFICATIONS_BELL_SIZE));
  const unread = data?.unreadCount ?? 0;
  const { opened, button, menu } = useMenuButton();
  return (
    <>
      <IconButton
        {...button}
        aria-label={unread > 0 ? t('notifications.unread', { count: unread }) : t('notifications.label')}
        data-testid="notification-bell"
      >
        <NotificationsIcon />
        {unread > 0 && (
          // A dot of its own rather than MUI's Badge, which would add 2 KB to every page for a number.
          <Box
            component="span"
            aria-hidden
            sx={{
              position: 'absolute',
              top: 2,
              insetInlineEnd: 0,
              minWidth: 18,
              height: 18,
              px: 0.5,
              borderRadius: 9,
              bgcolor: 'error.main',
              color: 'error.contrastText',
              fontSize: '0.7rem',
              fontWeight: 600,
              lineHeight: '18px',
              textAlign: 'center',
            }}
          >
            {unread > 99 ? '99+' : unread}
          </Box>
        )}
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <NotificationMenu {...menu} />
        </Suspense>
      )}
    </>
  );
}
