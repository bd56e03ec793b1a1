import DoneAllIcon from '@mui/icons-material/DoneAll';
import NotificationsIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { Box, Button, List, ListItem, Pagination, Paper } from '@mui/material';
import { NOTIFICATIONS_PAGE_SIZE } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { pageSearch } from '../../components/filters';
import { ListItemButtonLink } from '../../components/links';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState } from '../../components/states/EmptyState';
import { ErrorState } from '../../components/states/ErrorState';
import { LoadingState } from '../../components/states/LoadingState';
import { useMarkAllReadMutation, useMarkReadMutation } from './mutations';
import { NotificationItem } from './NotificationItem';
import { targetOf } from './notification-view';
import { notificationListQuery } from './queries';

/**
 * Notifications (/notifications?page=): everything that needed the customer's attention, newest first.
 * Opening one goes to what it is about and marks it read; new ones arrive by the event stream.
 */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const page = pageSearch((useSearch({ strict: false }) as Record<string, unknown>).page) ?? 1;
  const list = useQuery({
    ...notificationListQuery(page, NOTIFICATIONS_PAGE_SIZE),
    placeholderData: (prev) => prev,
  });
  const markRead = useMarkReadMutation();
  const markAllRead = useMarkAllReadMutation();
  const unread = list.data?.unreadCount ?? 0;
  const items = list.data?.notifications ?? [];
  const totalPages = list.data?.totalPages ?? 0;
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader
        title={t('title')}
        actions={
          <Button
            variant="outlined"
            startIcon={<DoneAllIcon />}
            disabled={unread === 0 || markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
          >
            {t('markAllRead')}
          </Button>
        }
      />
      <Paper variant="outlined">
        {list.isPending && <LoadingState />}
        {list.isError && !list.data && <ErrorState onRetry={() => void list.refetch()} />}
        {list.isSuccess && items.length === 0 && (
          <EmptyState icon={<NotificationsIcon />} title={t('empty.title')} message={t('empty.message')} />
        )}
        {items.length > 0 && (
          <List disablePadding aria-label={t('title')}>
            {items.map((n, index) => (
              <ListItem key={n.id} disablePadding divider={index < items.length - 1}>
                <ListItemButtonLink
                  {...targetOf(n)}
                  onClick={() => {
                    if (n.readAt === null) markRead.mutate(n.id);
                  }}
                  sx={{ py: 1.5, bgcolor: n.readAt === null ? 'action.hover' : undefined }}
                >
                  <NotificationItem notification={n} />
                </ListItemButtonLink>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
      {totalPages > 1 && (
        <Box
          component="nav"
          aria-label={t('pagination')}
          sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}
        >
          <Pagination
            count={totalPages}
            page={Math.min(page, totalPages)}
            onChange={(_event, next) =>
              navigate({ to: '/notifications', search: { page: next > 1 ? next : undefined } })
            }
            color="primary"
            siblingCount={0}
          />
        </Box>
      )}
    </Box>
  );
}
