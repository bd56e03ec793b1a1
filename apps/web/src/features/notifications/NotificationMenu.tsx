import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Box, Divider, ListItemIcon, MenuItem, Typography } from '@mui/material';
import { NOTIFICATIONS_BELL_SIZE } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MenuItemLink } from '../../components/MenuItemLink';
import { EmptyState } from '../../components/states/EmptyState';
import { ErrorState } from '../../components/states/ErrorState';
import { LoadingState } from '../../components/states/LoadingState';
import { TopBarMenu, type TopBarMenuProps } from '../../components/TopBarMenu';
import { useMarkAllReadMutation, useMarkReadMutation } from './mutations';
import { NotificationItem } from './NotificationItem';
import { targetOf } from './notification-view';
import { notificationListQuery } from './queries';

/** The bell's menu: the latest notifications, each opening what it is about (and read), Mark all read, View all. */
export function NotificationMenu({ onClose, ...menu }: TopBarMenuProps) {
  const { t } = useTranslation('notifications');
  const list = useQuery(notificationListQuery(1, NOTIFICATIONS_BELL_SIZE));
  const markRead = useMarkReadMutation();
  const markAllRead = useMarkAllReadMutation();
  const items = list.data?.notifications ?? [];
  return (
    <TopBarMenu
      {...menu}
      onClose={onClose}
      dense
      paperSx={{ width: 360, maxWidth: 'calc(100vw - 16px)', mt: 0.5 }}
    >
      <Box sx={{ px: 2, pt: 1, pb: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{t('title')}</Typography>
      </Box>
      <Divider />
      {list.isPending && <LoadingState minHeight={120} />}
      {list.isError && <ErrorState onRetry={() => void list.refetch()} />}
      {list.isSuccess && items.length === 0 && <EmptyState title={t('empty.title')} />}
      {items.map((n) => (
        <MenuItemLink
          key={n.id}
          {...targetOf(n)}
          onClick={() => {
            if (n.readAt === null) markRead.mutate(n.id);
            onClose();
          }}
          sx={{ py: 1, whiteSpace: 'normal', bgcolor: n.readAt === null ? 'action.hover' : undefined }}
        >
          <NotificationItem notification={n} />
        </MenuItemLink>
      ))}
      <Divider />
      {(list.data?.unreadCount ?? 0) > 0 && (
        <MenuItem onClick={() => markAllRead.mutate()}>
          <ListItemIcon>
            <DoneAllIcon fontSize="small" />
          </ListItemIcon>
          {t('markAllRead')}
        </MenuItem>
      )}
      <MenuItemLink to="/notifications" onClick={onClose} sx={{ justifyContent: 'center', fontWeight: 600 }}>
        {t('viewAll')}
      </MenuItemLink>
    </TopBarMenu>
  );
}
