import { Step, StepLabel, Stepper } from '@mui/material';
import { useTranslation } from 'react-i18next';

export const cartSteps = ['order', 'signUp', 'payment', 'deploy'] as const;
export type CartStep = (typeof cartSteps)[number];

/** The purchase flow's four steps: Complete Order, Sign Up, Payment, Deploy VPS. */
export function CartStepper({ active }: { active: CartStep }) {
  const { t } = useTranslation('instanceCreation');
  return (
    <Stepper
      activeStep={cartSteps.indexOf(active)}
      alternativeLabel
      sx={{ mb: 3 }}
      aria-label={t('cart.steps')}
    >
      {cartSteps.map((step) => (
        <Step key={step}>
          <StepLabel>{t(`cart.step.${step}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
