import DoneAllIcon from '@mui/icons-material/DoneAll';
import { Box, Divider, ListItemIcon, Menu, MenuItem, Typography, useTheme } from '@mui/material';
import { NOTIFICATIONS_BELL_SIZE } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MenuItemLink } from '../../components/MenuItemLink';
import { EmptyState } from '../../components/states/EmptyState';
import { ErrorState } from '../../components/states/ErrorState';
import { LoadingState } from '../../components/states/LoadingState';
import { useMarkAllReadMutation, useMarkReadMutation } from './mutations';
import { NotificationItem } from './NotificationItem';
import { targetOf } from './notification-view';
import { notificationListQuery } from './queries';

/** The bell's menu: the latest notifications, each opening what it is about (and read), Mark all read, View all. */
export function NotificationMenu({
  id,
  labelledBy,
  anchor,
  onClose,
}: {
  id: string;
  labelledBy: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('notifications');
  const list = useQuery(notificationListQuery(1, NOTIFICATIONS_BELL_SIZE));
  const markRead = useMarkReadMutation();
  const markAllRead = useMarkAllReadMutation();
  // Popover positions itself with inline styles, which the RTL style plugin does not flip.
  const end = useTheme().direction === 'rtl' ? 'left' : 'right';
  const items = list.data?.notifications ?? [];
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: end }}
      transformOrigin={{ vertical: 'top', horizontal: end }}
      slotProps={{
        list: { 'aria-labelledby': labelledBy, dense: true },
        paper: { sx: { width: 360, maxWidth: 'calc(100vw - 16px)', mt: 0.5 } },
      }}
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
    </Menu>
  );
}
