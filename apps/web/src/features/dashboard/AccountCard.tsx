import type { UserInfo } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/links';
import { SectionCard } from '../../components/SectionCard';
import { AccountStateChip } from '../account/components/AccountStateChip';
import { DetailList } from '../account/components/DetailList';
import { useFormatDate } from '../account/dates';

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
