import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { formatMoney, toMicros } from '@nimbus/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { desiredRoute, tokenStore } from '../../../api/tokens';
import { ButtonLink } from '../../../components/links';
import { PageHeader } from '../../../components/PageHeader';
import { SectionCard } from '../../../components/SectionCard';
import { SAVED_CONFIGURATION_KEYS } from '../../payments/saved-configuration';
import { CreationForm } from '../CreationForm';
import { CreationProvider, useCreation } from '../creation-context';
import { cartStage, setCartStage } from '../draft';
import { defaultCreationValues } from '../form-model';
import { initialCreationValues } from '../initial-values';
import { OrderDialogs } from '../OrderDialogs';
import { useSubmitOrder } from '../use-submit-order';
import { type CartStep, CartStepper } from './CartStepper';
import { DeployOverlay } from './DeployOverlay';

/** The step to show on arrival: the saved stage, moved on by what happened meanwhile (sign-up). */
function arrivalStep(signedIn: boolean): CartStep {
  const stage = cartStage();
  if (stage === 'signUp') return signedIn ? 'deploy' : 'signUp';
  if (stage === 'payment' || stage === 'deploy') return signedIn ? stage : 'signUp';
  return 'order';
}

/**
 * /cart: the public purchase flow. The configuration is kept in the draft through sign-up and payment;
 * a signed-in customer with enough credit goes straight to deploying, otherwise to the payments page
 * with the cart flag, which comes back here to deploy (see ResumeCartAfterPayment).
 */
export function CartPage() {
  const [start] = useState(() => initialCreationValues({}));
  return (
    <CreationProvider initial={() => start.values}>
      <CartFlow freshStart={start.fresh} />
    </CreationProvider>
  );
}

function CartFlow({ freshStart }: { freshStart: boolean }) {
  const { t } = useTranslation('instanceCreation');
  const { values, replace, catalogue } = useCreation();
  const signedIn = tokenStore.isAuthenticated();
  const [step, setStep] = useState<CartStep>(() => arrivalStep(signedIn));
  const [deploying, setDeploying] = useState(false);
  const order = useSubmitOrder({
    fromCart: true,
    onFieldIssues: () => {},
    onReset: () => {
      replace(defaultCreationValues(catalogue.appConfig.data?.defaultBillingCycle));
      setStep('order');
    },
  });

  const go = (next: CartStep) => {
    setCartStage(next === 'order' ? null : next);
    setStep(next);
  };

  // Deploying needs the catalogue only to be sure the draft is whole; the server checks everything.
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per arrival at the deploy step
  useEffect(() => {
    if (step !== 'deploy' || started.current) return;
    started.current = true;
    setDeploying(true);
    void order.submit(values).then((outcome) => {
      setDeploying(false);
      started.current = false;
      if (outcome === 'lowBalance') go('payment');
      else if (outcome === 'failed') go('order');
    });
  }, [step]);

  const toPayment = () => {
    sessionStorage.setItem(SAVED_CONFIGURATION_KEYS.pendingOrder, '1');
    sessionStorage.setItem(SAVED_CONFIGURATION_KEYS.fromCart, '1');
  };

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={t('cart.title')} />
      <CartStepper active={step} />
      {step === 'order' && (
        <CreationForm
          signedIn={signedIn}
          freshStart={freshStart}
          continueLabel={t('cart.continue')}
          onContinue={() => {
            if (signedIn) go('deploy');
            else {
              // After sign-up the customer comes back here, and the flow moves on to deploying.
              desiredRoute.save('/cart');
              go('signUp');
            }
          }}
        />
      )}
      {step === 'signUp' && (
        <SectionCard title={t('cart.signUp.title')} intro={t('cart.signUp.text')}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <ButtonLink to="/signup" variant="contained">
              {t('cart.signUp.action')}
            </ButtonLink>
            <ButtonLink to="/signin" variant="outlined" onClick={() => desiredRoute.save('/cart')}>
              {t('cart.signUp.signIn')}
            </ButtonLink>
            <Button onClick={() => go('order')}>{t('cart.back')}</Button>
          </Stack>
        </SectionCard>
      )}
      {step === 'payment' && (
        <SectionCard title={t('cart.payment.title')} intro={t('cart.payment.text')}>
          {order.balance && (
            <Alert severity="info" sx={{ mb: 2 }}>
              <Typography>
                {t('cart.payment.minimum', {
                  amount: formatMoney(toMicros(order.balance.minimumRequiredBalance)),
                })}
              </Typography>
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <ButtonLink to="/payments" variant="contained" onClick={toPayment}>
              {t('cart.payment.action')}
            </ButtonLink>
            <Button variant="outlined" onClick={() => go('deploy')}>
              {t('cart.payment.retry')}
            </Button>
            <Button onClick={() => go('order')}>{t('cart.back')}</Button>
          </Stack>
        </SectionCard>
      )}
      <DeployOverlay open={deploying} />
      <OrderDialogs order={order} />
    </Box>
  );
}
