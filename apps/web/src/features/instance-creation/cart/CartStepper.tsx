import { Step, StepLabel, Stepper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { type CartStage, cartStages } from '../draft';

/** The purchase flow's four steps: Complete Order, Sign Up, Payment, Deploy VPS. */
export function CartStepper({ active }: { active: CartStage }) {
  const { t } = useTranslation('instanceCreation');
  return (
    <Stepper
      activeStep={cartStages.indexOf(active)}
      alternativeLabel
      sx={{ mb: 3 }}
      aria-label={t('cart.steps')}
    >
      {cartStages.map((step) => (
        <Step key={step}>
          <StepLabel>{t(`cart.step.${step}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
