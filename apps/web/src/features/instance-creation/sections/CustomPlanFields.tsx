import { Box } from '@mui/material';
import { customPlanBounds, toMicros } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/money';
import { useCreation } from '../creation-context';
import { ResourceField } from './ResourceField';

/** The custom plan's machine: CPU, memory, storage and transfer within the spec's bounds. */
export function CustomPlanFields() {
  const { t } = useTranslation('instanceCreation');
  const { values, apply, catalogue } = useCreation();
  const { moneyOfMicros } = useMoney();
  const prices = catalogue.appConfig.data?.extraResourceMonthlyPrice;
  const set = (key: keyof typeof customPlanBounds) => (value: number) =>
    apply((v) => ({ ...v, extraResource: { ...v.extraResource, [key]: value } }));
  const unit = (price: string | undefined, times = 1) =>
    price ? t('plan.unitPrice', { price: moneyOfMicros(toMicros(price) * times) }) : undefined;
  const field = (key: keyof typeof customPlanBounds, price: string | undefined, times = 1) => {
    const b = customPlanBounds[key];
    return (
      <ResourceField
        key={key}
        label={t(`plan.custom.${key}`)}
        value={values.extraResource[key]}
        min={b.min}
        max={b.max}
        step={b.step}
        onChange={set(key)}
        helperText={unit(price, times)}
      />
    );
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 2 }}>
      {field('cpu', prices?.cpuPerCore)}
      {field('ramInGB', prices?.ramPerGb)}
      {/* Storage is sold in steps of 10 GB: its unit price is 10 × the per-GB price. */}
      {field('diskInGB', prices?.diskPerGb, customPlanBounds.diskInGB.step)}
      {field('bandwidthInTB', prices?.bandwidthPerTb)}
    </Box>
  );
}

/** Add-on storage and transfer of a plan, running from the plan's own values. */
export function AddOnFields() {
  const { t } = useTranslation('instanceCreation');
  const { values, apply, catalogue } = useCreation();
  const product = catalogue.product;
  if (!product) return null;
  const spec = product.plan.specification;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 2 }}>
      <ResourceField
        label={t('plan.addOn.storage')}
        value={spec.storage + values.extraResource.diskInGB}
        min={spec.storage}
        max={customPlanBounds.diskInGB.max}
        step={customPlanBounds.diskInGB.step}
        onChange={(total) =>
          apply((v) => ({ ...v, extraResource: { ...v.extraResource, diskInGB: total - spec.storage } }))
        }
      />
      <ResourceField
        label={t('plan.addOn.transfer')}
        value={spec.bandwidthInTB + values.extraResource.bandwidthInTB}
        min={spec.bandwidthInTB}
        max={customPlanBounds.bandwidthInTB.max}
        step={customPlanBounds.bandwidthInTB.step}
        onChange={(total) =>
          apply((v) => ({
            ...v,
            extraResource: { ...v.extraResource, bandwidthInTB: total - spec.bandwidthInTB },
          }))
        }
      />
    </Box>
  );
}
