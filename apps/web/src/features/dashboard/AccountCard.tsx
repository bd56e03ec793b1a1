import type { UserInfo } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../components/DetailList';
import { ButtonLink } from '../../components/links';
import { SectionCard } from '../../components/SectionCard';
import { useFormatDate } from '../../lib/dates';
import { AccountStateChip } from '../account/components/AccountStateChip';

export function AccountCard({ user }: { user: UserInfo }) {
  const { t } = useTranslation('account');
  const formatDate = useFormatDate();
  return (
    <SectionCard
      title={t('dashboard.accountTitle')}
      actions={
        <ButtonLink to="/account/$tab" params={{ tab: 'information' }} size="small">
          {t('dashboard.manageAccount')}
        </ButtonLink>
      }
    >
      <DetailList
        stacked
        items={[
          { label: t('dashboard.email'), value: <bdi>{user.email.email}</bdi> },
          { label: t('information.state'), value: <AccountStateChip state={user.accountState} /> },
          { label: t('dashboard.memberSince'), value: formatDate(user.createdAt) },
        ]}
      />
    </SectionCard>
  );
}
