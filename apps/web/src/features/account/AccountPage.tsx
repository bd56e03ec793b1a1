import { Box, MenuItem, Tab, Tabs, TextField, type Theme, useMediaQuery } from '@mui/material';
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
  // On phones the five sections are a labelled select: MUI's scrollable tabs lose the selected tab
  // off-screen in right-to-left layouts there.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const open = (next: AccountTab) => navigate({ to: '/account/$tab', params: { tab: next } });
  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={t('page.title')} />
      {narrow ? (
        <TextField
          select
          fullWidth
          size="small"
          label={t('page.tabsLabel')}
          value={tab}
          onChange={(event) => open(event.target.value as AccountTab)}
          sx={{ mb: 3 }}
        >
          {accountTabs.map((value) => (
            <MenuItem key={value} value={value}>
              {t(tabLabels[value])}
            </MenuItem>
          ))}
        </TextField>
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
              label={t(tabLabels[value])}
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
        aria-label={narrow ? t(tabLabels[tab]) : undefined}
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
