import { Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TabLink } from '../../components/links';

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
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
    >
      {servicesTabs.map((tab) => (
        <TabLink
          key={tab}
          value={tab}
          to="/services/$tab"
          params={{ tab }}
          label={t(`servicesTabs.${tab}`)}
        />
      ))}
    </Tabs>
  );
}
