import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/DetailList';
import { SectionCard } from '../../../components/SectionCard';

/** The application's settings given at creation (ocaData): names and values come from the application. */
export function ApplicationSettingsCard({ ocaData }: { ocaData: Record<string, string> }) {
  const { t } = useTranslation('instanceDetail');
  return (
    <SectionCard title={t('application.title')}>
      <DetailList
        items={Object.entries(ocaData).map(([name, value]) => ({
          label: name,
          value: <bdi style={{ fontFamily: 'monospace' }}>{value}</bdi>,
        }))}
      />
    </SectionCard>
  );
}
