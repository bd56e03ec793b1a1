import { Box, Button, ToggleButton, ToggleButtonGroup } from '@mui/material';
import {
  type AppConfig,
  customPlanBounds as b,
  type Instance,
  noExtraResource,
  type Product,
} from '@nimbus/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/states/EmptyState';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadingState } from '../../../components/states/LoadingState';
import { clampToStep, PLANS_SHOWN, visiblePlans } from '../../instance-creation/plan-rules';
import { AddOnFieldsView, CustomPlanFieldsView } from '../../instance-creation/sections/CustomPlanFields';
import { PlanCard } from '../../instance-creation/sections/PlanCard';
import type { ResizeTarget } from './resize-target';

interface ResizePlanPickerProps {
  instance: Instance;
  target: ResizeTarget;
  onChange: (target: ResizeTarget) => void;
  /** Plans of the instance's region and type, for resize (plans no longer sold included). */
  plans: UseQueryResult<Product[]>;
  product: Product | null;
  prices: AppConfig['extraResourceMonthlyPrice'] | undefined;
}

/**
 * The new size: a fixed plan (four until Show more, the instance's own one marked and choosable even when
 * sold out) with add-on storage and transfer, or a custom plan (not for GPU instances).
 */
export function ResizePlanPicker({
  instance,
  target,
  onChange,
  plans,
  product,
  prices,
}: ResizePlanPickerProps) {
  const { t } = useTranslation('instanceTabs');
  const [showMore, setShowMore] = useState(false);
  const list = (plans.data ?? []).filter((p) => p.overallActiveness || p.id === instance.productId);
  const shown = visiblePlans(list, showMore, target.productId);
  const choosePlan = (productId: number) =>
    onChange({ mode: 'FIXED', productId, extraResource: { ...noExtraResource } });
  const switchMode = (mode: ResizeTarget['mode'] | null) => {
    if (!mode || mode === target.mode) return;
    if (mode === 'CUSTOM')
      onChange({
        mode,
        productId: null,
        // Starts from the instance's own size, on the custom plan's grid (storage in steps of 10 GB).
        extraResource: {
          cpu: clampToStep(instance.vcpuCount, b.cpu.min, b.cpu.max, b.cpu.step),
          ramInGB: clampToStep(Math.ceil(instance.ram / 1024), b.ramInGB.min, b.ramInGB.max, b.ramInGB.step),
          diskInGB: clampToStep(
            Math.ceil(instance.disk / 10) * 10,
            b.diskInGB.min,
            b.diskInGB.max,
            b.diskInGB.step,
          ),
          bandwidthInTB: clampToStep(instance.bandwidthInTB, b.bandwidthInTB.min, b.bandwidthInTB.max, 1),
        },
      });
    else onChange({ mode, productId: null, extraResource: { ...noExtraResource } });
  };

  let fixed: React.ReactNode;
  if (plans.isPending) fixed = <LoadingState minHeight={120} />;
  else if (plans.isError) fixed = <ErrorState onRetry={() => void plans.refetch()} />;
  else if (list.length === 0) fixed = <EmptyState title={t('resize.plansEmpty')} />;
  else
    fixed = (
      <>
        <Box
          role="radiogroup"
          aria-label={t('resize.mode.fixed')}
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}
        >
          {shown.map((p) => (
            <PlanCard
              key={p.id}
              product={p}
              current={p.id === instance.productId}
              selected={p.id === target.productId}
              onSelect={() => choosePlan(p.id)}
            />
          ))}
        </Box>
        {list.length > PLANS_SHOWN && (
          <Button onClick={() => setShowMore((s) => !s)} sx={{ mt: 1 }} aria-expanded={showMore}>
            {showMore ? t('resize.showLess') : t('resize.showMore')}
          </Button>
        )}
        {product && (
          <AddOnFieldsView
            product={product}
            extra={target.extraResource}
            onChange={(extraResource) => onChange({ ...target, extraResource })}
          />
        )}
      </>
    );

  return (
    <Box>
      {instance.class !== 'gpu-provided' && (
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={target.mode}
          onChange={(_e, mode: ResizeTarget['mode'] | null) => switchMode(mode)}
          aria-label={t('resize.mode.label')}
          sx={{ mb: 2 }}
        >
          <ToggleButton value="FIXED">{t('resize.mode.fixed')}</ToggleButton>
          <ToggleButton value="CUSTOM">{t('resize.mode.custom')}</ToggleButton>
        </ToggleButtonGroup>
      )}
      {target.mode === 'FIXED' ? (
        fixed
      ) : (
        <CustomPlanFieldsView
          extra={target.extraResource}
          onChange={(extraResource) => onChange({ ...target, extraResource })}
          prices={prices}
        />
      )}
    </Box>
  );
}
