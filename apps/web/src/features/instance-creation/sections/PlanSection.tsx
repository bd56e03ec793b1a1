import { Box, Button, FormControlLabel, Switch } from '@mui/material';
import { noExtraResource } from '@nimbus/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard';
import { EmptyState } from '../../../components/states/EmptyState';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadingState } from '../../../components/states/LoadingState';
import { useCreation } from '../creation-context';
import {
  activePlans,
  isOutOfStock,
  PLANS_SHOWN,
  visiblePlans,
  withCustomPlan,
  withPlan,
} from '../plan-rules';
import { AddOnFields, CustomPlanFields } from './CustomPlanFields';
import { PlanCard } from './PlanCard';

/**
 * The plans of the chosen class in the chosen region: four until Show more, out-of-stock ones disabled.
 * A plan takes add-on storage and transfer; the custom plan is a machine of its own (not for GPU).
 */
export function PlanSection() {
  const { t } = useTranslation('instanceCreation');
  const { values, apply, catalogue } = useCreation();
  const [showMore, setShowMore] = useState(false);
  const { products, plansOfClass, application } = catalogue;
  const active = activePlans(plansOfClass);
  const shown = visiblePlans(plansOfClass, showMore, values.customPlan ? null : values.productId);
  const customAllowed = values.planClass !== 'gpu-provided';

  let list: React.ReactNode;
  if (values.regionId === null || products.isPending) list = <LoadingState minHeight={120} />;
  else if (products.isError) list = <ErrorState onRetry={() => void products.refetch()} />;
  else if (active.length === 0) list = <EmptyState title={t('plan.empty')} />;
  else
    list = (
      <>
        <Box
          role="radiogroup"
          aria-label={t('plan.title')}
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}
        >
          {shown.map((product) => (
            <PlanCard
              key={product.id}
              product={product}
              selected={!values.customPlan && product.id === values.productId}
              onSelect={() => !isOutOfStock(product) && apply((v) => withPlan(v, product.id))}
            />
          ))}
        </Box>
        {active.length > PLANS_SHOWN && (
          <Button onClick={() => setShowMore((s) => !s)} sx={{ mt: 1 }} aria-expanded={showMore}>
            {showMore ? t('plan.showLess') : t('plan.showMore')}
          </Button>
        )}
      </>
    );

  return (
    <SectionCard title={t('plan.title')}>
      {list}
      {!values.customPlan && catalogue.product && <AddOnFields />}
      {customAllowed && (
        <Box sx={{ mt: 2 }}>
          <FormControlLabel
            control={
              <Switch
                checked={values.customPlan}
                onChange={(_e, on) =>
                  apply((v) =>
                    on
                      ? withCustomPlan(v, application)
                      : { ...v, customPlan: false, productId: null, extraResource: { ...noExtraResource } },
                  )
                }
              />
            }
            label={t('plan.custom.title')}
          />
          {values.customPlan && <CustomPlanFields />}
        </Box>
      )}
    </SectionCard>
  );
}
