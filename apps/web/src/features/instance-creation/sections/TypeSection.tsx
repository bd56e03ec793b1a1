import { FormControlLabel, Radio, RadioGroup } from '@mui/material';
import { noExtraResource, type PlanClass } from '@nimbus/contract';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/SectionCard';
import { useCreation } from '../creation-context';
import { planTypeOrder } from '../form-model';

/** Regular, High Frequency or Premium GPU: the plan class, which filters the plan list. */
export function TypeSection() {
  const { t } = useTranslation('instanceCreation');
  const { values, apply } = useCreation();
  return (
    <SectionCard title={t('type.title')}>
      <RadioGroup
        row
        aria-label={t('type.title')}
        value={values.planClass}
        onChange={(_e, value) =>
          apply({
            planClass: value as PlanClass,
            productId: null,
            customPlan: false,
            extraResource: { ...noExtraResource },
          })
        }
      >
        {planTypeOrder.map((planClass) => (
          <FormControlLabel
            key={planClass}
            value={planClass}
            control={<Radio />}
            label={t(`type.${planClass}`)}
          />
        ))}
      </RadioGroup>
    </SectionCard>
  );
}
