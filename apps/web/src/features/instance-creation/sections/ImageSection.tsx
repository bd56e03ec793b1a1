import { Box, Tab, Tabs, tabClasses, tabsClasses } from '@mui/material';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard';
import { LoadingState } from '../../../components/states/LoadingState';
import { lazyNamed } from '../../shell/chunk-error';
import { useCreation } from '../creation-context';
import { type ImageTab, imageTabs } from '../form-model';
import { ApplicationPicker } from './ApplicationPicker';
import { OsPicker } from './OsPicker';
import { SnapshotPicker } from './SnapshotPicker';

/** Backups load when their tab is chosen: most orders start from an image. */
const BackupPicker = lazyNamed(() => import('./BackupPicker'), 'BackupPicker');

/** Custom ISOs, like backups, load when their tab is chosen. */
const IsoPicker = lazyNamed(() => import('./IsoPicker'), 'IsoPicker');

/** What the instance boots: an OS, an application, an OS with a control panel, a snapshot, a backup, or a custom ISO. */
export function ImageSection({ initialTag }: { initialTag?: string }) {
  const { t } = useTranslation('instanceCreation');
  const { values, apply } = useCreation();
  const tab = values.imageTab;
  return (
    <SectionCard title={t('image.title')}>
      <Tabs
        value={tab}
        onChange={(_e, next: ImageTab) =>
          apply({
            imageTab: next,
            osId: null,
            appId: null,
            isoId: null,
            fromSnapshot: null,
            backupId: null,
            ocaData: {},
          })
        }
        aria-label={t('image.title')}
        // Six tabs do not fit the column at any width: they wrap onto a second line rather than scroll
        // (a half-hidden last tab), and each marks its own selection since the sliding indicator cannot
        // follow a wrapped row.
        sx={{
          mb: 2,
          borderBottom: 1,
          borderColor: 'divider',
          [`& .${tabsClasses.list}`]: { flexWrap: 'wrap', columnGap: 0.5 },
          [`& .${tabsClasses.indicator}`]: { display: 'none' },
          [`& .${tabClasses.root}`]: {
            minHeight: 40,
            minWidth: 0,
            px: 1.5,
            py: 1,
            borderBottom: 2,
            borderColor: 'transparent',
          },
          [`& .${tabClasses.selected}`]: { borderColor: 'primary.main' },
        }}
      >
        {imageTabs.map((key) => (
          <Tab
            key={key}
            value={key}
            label={t(`image.tabs.${key}`)}
            id={`image-tab-${key}`}
            aria-controls="image-panel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="image-panel" aria-labelledby={`image-tab-${tab}`}>
        {tab === 'os' && <OsPicker withPanel={false} />}
        {tab === 'osWithPanel' && <OsPicker withPanel />}
        {tab === 'applications' && <ApplicationPicker initialTag={initialTag} />}
        {tab === 'snapshots' && <SnapshotPicker />}
        {tab === 'backups' && (
          <Suspense fallback={<LoadingState minHeight={120} />}>
            <BackupPicker />
          </Suspense>
        )}
        {tab === 'customIso' && (
          <Suspense fallback={<LoadingState minHeight={120} />}>
            <IsoPicker />
          </Suspense>
        )}
      </Box>
    </SectionCard>
  );
}
