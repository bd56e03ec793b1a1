import { Box } from '@mui/material';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { LoadingState } from '../../components/states/LoadingState';
import { UserInfoGate } from '../account/components/UserInfoGate';
import { AutoRechargeCard } from '../auto-recharge/AutoRechargeCard';
import { CreditCard } from '../billing/CreditCard';
import { AccountCard } from './AccountCard';
import { AccountStateNotice } from './AccountStateNotice';
import { CsatPrompt } from './CsatPrompt';
import { InstancesCard } from './InstancesCard';
import { OpenTicketsCard } from './OpenTicketsCard';
import { RecentActivityCard } from './RecentActivityCard';
import { ServiceTiles } from './ServiceTiles';

/** Two cards side by side on wide screens, one above the other below `lg`. */
const pairSx = (columns: string, alignItems: 'start' | 'stretch' = 'start') => ({
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: columns },
  alignItems,
});

/**
 * The signed-in landing page (platform.md §2): the tiles, credit and auto-recharge, the newest services,
 * the open tickets, the account and recent activity; a customer of some standing is asked how happy they
 * are (CsatPrompt). Each card loads, and fails with its own Try again, apart from the others.
 */
export function DashboardPage() {
  const { t } = useTranslation('account');
  return (
    <UserInfoGate>
      {(user) => (
        <Box sx={{ minWidth: 0 }}>
          <PageHeader title={t('dashboard.greeting', { name: user.fullname })} />
          <Box sx={{ display: 'grid', gap: 3 }}>
            <AccountStateNotice user={user} />
            <ServiceTiles />
            <Box sx={pairSx('minmax(0, 1fr) minmax(0, 1fr)', 'stretch')}>
              <CreditCard />
              <AutoRechargeCard />
            </Box>
            <InstancesCard />
            {/* The support texts are a chunk of their own (namespace-groups.ts), fetched with the page. */}
            <Suspense fallback={<LoadingState minHeight={160} />}>
              <OpenTicketsCard />
            </Suspense>
            <Box sx={pairSx('minmax(0, 1fr) minmax(0, 2fr)')}>
              <AccountCard user={user} />
              <RecentActivityCard />
            </Box>
          </Box>
          <CsatPrompt />
        </Box>
      )}
    </UserInfoGate>
  );
}
