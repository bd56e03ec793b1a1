import AccountIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import BackupIcon from '@mui/icons-material/BackupOutlined';
import CardIcon from '@mui/icons-material/CreditCardOutlined';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import PauseIcon from '@mui/icons-material/PauseCircleOutlined';
import CameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import ReplyIcon from '@mui/icons-material/QuestionAnswerOutlined';
import { Box, Typography } from '@mui/material';
import type { Notification } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { useFormatDate } from '../../lib/dates';
import { useMoney } from '../../lib/money';
import { isProblem, messageOf } from './notification-view';

const icons: Partial<Record<Notification['kind'], typeof InfoIcon>> = {
  ticket_reply: ReplyIcon,
  snapshot_ready: CameraIcon,
  snapshot_failed: CameraIcon,
  backup_ready: BackupIcon,
  backup_failed: BackupIcon,
  auto_recharge_failed: CardIcon,
  low_balance: AccountIcon,
  account_suspended: PauseIcon,
  service_suspended: PauseIcon,
};

/** One notification's icon, sentence and time; unread ones in bold with a dot (and said so to screen readers). */
export function NotificationItem({ notification: n }: { notification: Notification }) {
  const { t } = useTranslation('notifications');
  const money = useMoney();
  const formatDate = useFormatDate();
  const Icon = icons[n.kind] ?? InfoIcon;
  const unread = n.readAt === null;
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', minWidth: 0, width: '100%' }}>
      <Icon
        aria-hidden
        fontSize="small"
        color={isProblem(n) ? 'error' : 'action'}
        sx={{ mt: 0.25, flexShrink: 0 }}
      />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography
          variant="body2"
          sx={{ fontWeight: unread ? 600 : 400, whiteSpace: 'normal', overflowWrap: 'anywhere' }}
        >
          {unread && <VisuallyHidden>{t('unread')} </VisuallyHidden>}
          {messageOf(n, t, money)}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {formatDate(n.createdAt, 'dateTime')}
        </Typography>
      </Box>
      {unread && (
        <Box
          aria-hidden
          sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', mt: 0.75, flexShrink: 0 }}
        />
      )}
    </Box>
  );
}
