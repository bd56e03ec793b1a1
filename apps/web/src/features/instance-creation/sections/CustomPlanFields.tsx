import { Box } from '@mui/material';
import {
  type AppConfig,
  customPlanBounds,
  type ExtraResource,
  type Product,
  toMicros,
} from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/money';
import { useCreation } from '../creation-context';
import { ResourceField } from './ResourceField';

interface FieldsProps {
  extra: ExtraResource;
  onChange: (extra: ExtraResource) => void;
}

/** A custom plan's machine: CPU, memory, storage and transfer within the spec's bounds (creation, resize). */
export function CustomPlanFieldsView({
  extra,
  onChange,
  prices,
}: FieldsProps & { prices: AppConfig['extraResourceMonthlyPrice'] | undefined }) {
  const { t } = useTranslation('instanceCreation');
  const { moneyOfMicros } = useMoney();
  const unit = (price: string | undefined, times = 1) =>
    price ? t('plan.unitPrice', { price: moneyOfMicros(toMicros(price) * times) }) : undefined;
  const field = (key: keyof typeof customPlanBounds, price: string | undefined, times = 1) => {
    const b = customPlanBounds[key];
    return (
      <ResourceField
        key={key}
        label={t(`plan.custom.${key}`)}
        value={extra[key]}
        min={b.min}
        max={b.max}
        step={b.step}
        onChange={(value) => onChange({ ...extra, [key]: value })}
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

/** Add-on storage and transfer of a plan, running from the plan's own values (creation, resize). */
export function AddOnFieldsView({ product, extra, onChange }: FieldsProps & { product: Product }) {
  const { t } = useTranslation('instanceCreation');
  const spec = product.plan.specification;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 2 }}>
      <ResourceField
        label={t('plan.addOn.storage')}
        value={spec.storage + extra.diskInGB}
        min={spec.storage}
        max={customPlanBounds.diskInGB.max}
        step={customPlanBounds.diskInGB.step}
        onChange={(total) => onChange({ ...extra, diskInGB: total - spec.storage })}
      />
      <ResourceField
        label={t('plan.addOn.transfer')}
        value={spec.bandwidthInTB + extra.bandwidthInTB}
        min={spec.bandwidthInTB}
        max={customPlanBounds.bandwidthInTB.max}
        step={customPlanBounds.bandwidthInTB.step}
        onChange={(total) => onChange({ ...extra, bandwidthInTB: total - spec.bandwidthInTB })}
      />
    </Box>
  );
}

/** The creation screen's custom plan. */
export function CustomPlanFields() {
  const { values, apply, catalogue } = useCreation();
  return (
    <CustomPlanFieldsView
      extra={values.extraResource}
      onChange={(extraResource) => apply((v) => ({ ...v, extraResource }))}
      prices={catalogue.appConfig.data?.extraResourceMonthlyPrice}
    />
  );
}

/** The creation screen's add-ons of the chosen plan. */
export function AddOnFields() {
  const { values, apply, catalogue } = useCreation();
  if (!catalogue.product) return null;
  return (
    <AddOnFieldsView
      product={catalogue.product}
      extra={values.extraResource}
      onChange={(extraResource) => apply((v) => ({ ...v, extraResource }))}
    />
  );
}
