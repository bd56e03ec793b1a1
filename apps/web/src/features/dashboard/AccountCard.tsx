import { Card, CardActions, CardContent, Typography } from '@mui/material';
import type { UserInfo } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/links';
import { AccountStateChip } from '../account/components/AccountStateChip';
import { DetailList } from '../account/components/DetailList';
import { useFormatDate } from '../account/dates';

export function AccountCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation('account');
  const formatDate = useFormatDate();
  return (
    <Card variant="outlined" component="section" aria-labelledby="dashboard-account-title">
      <CardContent>
        <Typography id="dashboard-account-title" variant="h3" component="h2" gutterBottom>
          {t('dashboard.accountTitle')}
        </Typography>
        <DetailList
          stacked
          items={[
            { label: t('dashboard.email'), value: <bdi>{user.email.email}</bdi> },
            { label: t('information.state'), value: <AccountStateChip state={user.accountState} /> },
            { label: t('dashboard.memberSince'), value: formatDate(user.createdAt) },
          ]}
        />
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <ButtonLink to="/account/$tab" params={{ tab: 'information' }} size="small">
          {t('dashboard.manageAccount')}
        </ButtonLink>
      </CardActions>
    </Card>
  );
}
