import type { Instance } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/DetailList';
import { SectionCard } from '../../../components/SectionCard';
import { useFormatDate } from '../../../lib/dates';

/**
 * What the instance runs and what it is made of; RAM comes in MB and reads in GB. Figures with their unit
 * are isolated, so an Arabic page keeps "1 GB" rather than turning it into "GB 1".
 */
export function SoftwareCard({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instanceDetail');
  const formatDate = useFormatDate();
  const none = t('software.none');
  return (
    <SectionCard title={t('software.title')}>
      <DetailList
        items={[
          {
            label: t('software.os'),
            value: (
              <bdi>{instance.os?.name ?? (instance.isoId !== null ? t('software.customIso') : none)}</bdi>
            ),
          },
          { label: t('software.plan'), value: <bdi>{instance.planName ?? t('header.customPlan')}</bdi> },
          {
            label: t('software.cpu'),
            value: <bdi>{t('software.cpuValue', { count: instance.vcpuCount })}</bdi>,
          },
          { label: t('software.ram'), value: <bdi>{t('software.gb', { value: instance.ram / 1024 })}</bdi> },
          { label: t('software.disk'), value: <bdi>{t('software.gb', { value: instance.disk })}</bdi> },
          {
            label: t('software.transfer'),
            value: <bdi>{t('software.tb', { value: instance.bandwidthInTB })}</bdi>,
          },
          { label: t('software.region'), value: <bdi>{instance.region.name}</bdi> },
          { label: t('software.ipv4'), value: <bdi>{instance.mainIp ?? none}</bdi> },
          { label: t('software.ipv6'), value: <bdi>{instance.mainIpv6 ?? none}</bdi> },
          { label: t('software.cycle'), value: t(`cycles.${instance.billingCycle}`) },
          {
            label: t('software.features'),
            value: instance.features.length ? instance.features.map((f) => f.name).join(', ') : none,
          },
          {
            label: t('software.created'),
            value: <time dateTime={instance.insertedAt}>{formatDate(instance.insertedAt, 'dateTime')}</time>,
          },
        ]}
      />
    </SectionCard>
  );
}
