import type { Instance } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/DetailList';
import { SectionCard } from '../../../components/SectionCard';
import { useFormatDate } from '../../../lib/dates';
import { useMoney } from '../../../lib/money';

/** Start, end, cycle and purchased price of the current billing cycle. */
export function CycleDetailsCard({ instance }: { instance: Instance }) {
  const { t } = useTranslation(['instanceTabs', 'instanceDetail']);
  const { money } = useMoney();
  const formatDate = useFormatDate();
  const detail = instance.billingDetail;
  const date = (value: string | null | undefined) =>
    value ? <time dateTime={value}>{formatDate(value, 'date')}</time> : t('billing.none');
  const hourly = instance.billingCycle === 'hourly';
  return (
    <SectionCard title={t('billing.cycleTitle')}>
      <DetailList
        items={[
          { label: t('billing.startDate'), value: date(detail?.startDate ?? instance.startedAt) },
          { label: t('billing.endDate'), value: hourly ? t('billing.noEnd') : date(detail?.endDate) },
          { label: t('billing.cycle'), value: t(`instanceDetail:cycles.${instance.billingCycle}`) },
          {
            label: t('billing.purchasedPrice'),
            value: detail
              ? hourly
                ? t('billing.perHour', { amount: money(detail.purchasedPrice, 4) })
                : money(detail.purchasedPrice)
              : t('billing.none'),
          },
        ]}
      />
    </SectionCard>
  );
}
