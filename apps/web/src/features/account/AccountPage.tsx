import { Box, Tab, Tabs, type Theme, useMediaQuery } from '@mui/material';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { type AccountTab, accountTabs } from '../../app/routes';
import { PageHeader } from '../../components/PageHeader';
import { LoadingState } from '../../components/states/LoadingState';
import { lazyNamed } from '../shell/chunk-error';
import { accountTabLabels } from './account-tabs';

/*
 * Each section loads when opened, as the instance page's tabs do: the profile's phone rules, the
 * activity log's table and the token dialogs are not in one another's first download. So does the
 * phone layout's select (MUI's Select, Menu and Popper), which a desktop never shows.
 */
const InformationTab = lazyNamed(() => import('./information/InformationTab'), 'InformationTab');
const EmailTab = lazyNamed(() => import('./email/EmailTab'), 'EmailTab');
const SecurityTab = lazyNamed(() => import('./security/SecurityTab'), 'SecurityTab');
const ApiAccessTab = lazyNamed(() => import('./api-access/ApiAccessTab'), 'ApiAccessTab');
const ActivityLogTab = lazyNamed(() => import('./activity/ActivityLogTab'), 'ActivityLogTab');
const AccountTabSelect = lazyNamed(() => import('./AccountTabSelect'), 'AccountTabSelect');

const isAccountTab = (value: string): value is AccountTab =>
  (accountTabs as readonly string[]).includes(value);

/** Account settings, one tab per concern; the tab is part of the path so each can be linked to. */
export function AccountPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { tab: tabParam } = useParams({ from: '/account/$tab' });
  const { verify } = useSearch({ from: '/account/$tab' });
  const tab = isAccountTab(tabParam) ? tabParam : 'information';
  // On phones the five sections are a labelled select: MUI's scrollable tabs lose the selected tab
  // off-screen in right-to-left layouts there.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const open = (next: AccountTab) => navigate({ to: '/account/$tab', params: { tab: next } });
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={t('page.title')} />
      {narrow ? (
        // The fallback holds the select's place (small, mb 3), so the section does not jump when it comes.
        <Suspense fallback={<Box sx={{ height: 40, mb: 3 }} />}>
          <AccountTabSelect tab={tab} onOpen={open} />
        </Suspense>
      ) : (
        <Tabs
          value={tab}
          onChange={(_event, next: AccountTab) => open(next)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('page.tabsLabel')}
          sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
        >
          {accountTabs.map((value) => (
            <Tab
              key={value}
              value={value}
              label={t(accountTabLabels[value])}
              id={`account-tab-${value}`}
              aria-controls={`account-panel-${value}`}
            />
          ))}
        </Tabs>
      )}
      <Box
        role="tabpanel"
        id={`account-panel-${tab}`}
        aria-labelledby={narrow ? undefined : `account-tab-${tab}`}
        aria-label={narrow ? t(accountTabLabels[tab]) : undefined}
        sx={{ minWidth: 0 }}
      >
        <Suspense fallback={<LoadingState />}>
          {tab === 'information' && <InformationTab />}
          {tab === 'email' && <EmailTab verify={verify === true} />}
          {tab === 'security' && <SecurityTab />}
          {tab === 'api-access' && <ApiAccessTab />}
          {tab === 'log' && <ActivityLogTab />}
        </Suspense>
      </Box>
    </Box>
  );
}
