import { Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TabLink } from '../../components/TabLink';
import { scrollableTabsSx } from '../../components/tab-strip';

/** The Services tabs (instances.md §2); each is a page of its own. */
export const servicesTabs = ['instanceList', 'backups', 'snapshots', 'customIso'] as const;
export type ServicesTab = (typeof servicesTabs)[number];

export function ServicesTabs({ current }: { current: ServicesTab }) {
  const { t } = useTranslation('instances');
  return (
    <Tabs
      value={current}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      aria-label={t('servicesTabs.label')}
      sx={scrollableTabsSx}
    >
      {servicesTabs.map((tab) => (
        <TabLink key={tab} value={tab} to={`/services/${tab}`} label={t(`servicesTabs.${tab}`)} />
      ))}
    </Tabs>
  );
}
