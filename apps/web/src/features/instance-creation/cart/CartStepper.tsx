import { Step, StepLabel, Stepper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { CartStage } from '../draft';

const steps = ['order', 'signUp', 'payment', 'deploy'] as const;

/**
 * The purchase flow's four steps: Complete Order, Sign Up, Payment, Deploy VPS. Verifying the email
 * belongs to signing up, so the verify stage shows as the Sign Up step.
 */
export function CartStepper({ active }: { active: CartStage }) {
  const { t } = useTranslation('instanceCreation');
  return (
    <Stepper
      activeStep={steps.indexOf(active === 'verify' ? 'signUp' : active)}
      alternativeLabel
      sx={{ mb: 3 }}
      aria-label={t('cart.steps')}
    >
      {steps.map((step) => (
        <Step key={step}>
          <StepLabel>{t(`cart.step.${step}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
