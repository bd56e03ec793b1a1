import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { type AccountTab, accountTabs } from '../../app/routes';
import { accountTabLabels } from './account-tabs';

/** The account's sections as a labelled select: the phone layout of the page's tabs. */
export function AccountTabSelect({ tab, onOpen }: { tab: AccountTab; onOpen: (tab: AccountTab) => void }) {
  const { t } = useTranslation('account');
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={t('page.tabsLabel')}
      value={tab}
      onChange={(event) => onOpen(event.target.value as AccountTab)}
      sx={{ mb: 3 }}
    >
      {accountTabs.map((value) => (
        <MenuItem key={value} value={value}>
          {t(accountTabLabels[value])}
        </MenuItem>
      ))}
    </TextField>
  );
}
