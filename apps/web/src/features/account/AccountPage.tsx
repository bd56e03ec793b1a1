import { Box, Tab, Tabs } from '@mui/material';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type AccountTab, accountTabs } from '../../app/routes';
import { PageHeader } from '../../components/PageHeader';
import { ActivityLogTab } from './activity/ActivityLogTab';
import { ApiAccessTab } from './api-access/ApiAccessTab';
import { EmailTab } from './email/EmailTab';
import { InformationTab } from './information/InformationTab';
import { SecurityTab } from './security/SecurityTab';

const tabLabels: Record<AccountTab, string> = {
  information: 'tabs.information',
  email: 'tabs.email',
  security: 'tabs.security',
  'api-access': 'tabs.apiAccess',
  log: 'tabs.log',
};

const isAccountTab = (value: string): value is AccountTab =>
  (accountTabs as readonly string[]).includes(value);

/** Account settings, one tab per concern; the tab is part of the path so each can be linked to. */
export function AccountPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { tab: tabParam } = useParams({ from: '/account/$tab' });
  const { verify } = useSearch({ from: '/account/$tab' });
  const tab = isAccountTab(tabParam) ? tabParam : 'information';
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={t('page.title')} />
      <Tabs
        value={tab}
        onChange={(_event, next: AccountTab) => navigate({ to: '/account/$tab', params: { tab: next } })}
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
            label={t(tabLabels[value])}
            id={`account-tab-${value}`}
            aria-controls={`account-panel-${value}`}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`account-panel-${tab}`}
        aria-labelledby={`account-tab-${tab}`}
        sx={{ minWidth: 0 }}
      >
        {tab === 'information' && <InformationTab />}
        {tab === 'email' && <EmailTab verify={verify === true} />}
        {tab === 'security' && <SecurityTab />}
        {tab === 'api-access' && <ApiAccessTab />}
        {tab === 'log' && <ActivityLogTab />}
      </Box>
    </Box>
  );
}
