import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import type { UserInfo } from '@nimbus/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { desiredRoute, tokenStore } from '../../../api/tokens';
import { ButtonLink } from '../../../components/links';
import { PageHeader } from '../../../components/PageHeader';
import { SectionCard } from '../../../components/SectionCard';
import { ErrorState } from '../../../components/states/ErrorState';
import { LoadingState } from '../../../components/states/LoadingState';
import { useToast } from '../../../components/toast/ToastProvider';
import { useMoney } from '../../../lib/money';
import { authKeys, userInfoQuery } from '../../auth/queries';
import { CreationForm } from '../CreationForm';
import { CreationProvider, useCreation } from '../creation-context';
import { type CartStage, cartStage, setCartStage } from '../draft';
import { defaultCreationValues } from '../form-model';
import { initialCreationValues } from '../initial-values';
import { OrderDialogs } from '../OrderDialogs';
import { useSubmitOrder } from '../use-submit-order';
import { rememberWaitingOrder } from '../waiting-order';
import { CartStepper } from './CartStepper';
import { DeployOverlay } from './DeployOverlay';
import { type DroppedFloatingIps, fitFloatingIps } from './floating-ip-limit';
import { VerifyEmailStep } from './VerifyEmailStep';

/**
 * The step to show on arrival: the saved stage, moved on by what happened meanwhile. After signing up
 * or in, the order waits for a verified email (the verify step moves on by itself when it already is).
 * Back at the payment step (a reload, a return from payments) the order is tried again: the figures
 * of the refusal are the server's to give, and credit may have arrived meanwhile.
 */
function arrivalStep(signedIn: boolean): CartStage {
  const stage = cartStage();
  if (stage === null || stage === 'order') return 'order';
  if (!signedIn) return 'signUp';
  if (stage === 'signUp' || stage === 'verify') return 'verify';
  return 'deploy';
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

/** After signing up or in the customer comes back here, and the flow moves on to deploying. */
const backToCart = () => desiredRoute.save('/cart');

function CartFlow({ freshStart }: { freshStart: boolean }) {
  const { t } = useTranslation('instanceCreation');
  const { values, replace, catalogue } = useCreation();
  const { money } = useMoney();
  const signedIn = tokenStore.isAuthenticated();
  const [step, setStep] = useState<CartStage>(() => arrivalStep(signedIn));
  const [deploying, setDeploying] = useState(false);
  const [droppedFloatingIps, setDroppedFloatingIps] = useState<DroppedFloatingIps | null>(null);
  const queryClient = useQueryClient();
  const toast = useToast();
  // Follows the account while it waits for verification: a link clicked in another tab counts as soon
  // as the customer comes back to this one.
  const user = useQuery({
    ...userInfoQuery,
    enabled: signedIn,
    refetchOnWindowFocus: step === 'verify' && 'always',
  });
  const verified = user.data?.email.isVerified;
  const order = useSubmitOrder({
    fromCart: true,
    onFieldIssues: () => {},
    onReset: () => {
      replace(defaultCreationValues(catalogue.appConfig.data?.defaultBillingCycle));
      setStep('order');
    },
  });

  const go = (next: CartStage) => {
    setCartStage(next === 'order' ? null : next);
    setStep(next);
  };

  // Verified meanwhile (code, link, or an account that already was): the order goes on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: moves on once per verification
  useEffect(() => {
    if (step === 'verify' && verified) go('deploy');
    else if (step === 'deploy' && verified === false) go('verify');
  }, [step, verified]);

  // The server checks everything; deploying waits only for the plans, whose required features the
  // order carries (a GPU plan's driver), and for a verified account, which the server requires.
  const plansRead = values.customPlan || values.regionId === null || catalogue.products.isFetched;
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per arrival at the deploy step
  useEffect(() => {
    if (step !== 'deploy' || !plansRead || !verified || started.current) return;
    started.current = true;
    setDeploying(true);
    void fitFloatingIps(queryClient, values, catalogue.appConfig.data).then(async (fitted) => {
      if (fitted.dropped) {
        replace(fitted.values);
        setDroppedFloatingIps(fitted.dropped);
      }
      const outcome = await order.submit(fitted.values);
      // Deployed: the cart gives way to the pending page, so the warning goes with the customer.
      if (outcome === 'created' && fitted.dropped)
        toast.warning(t('cart.floatingIpLimit', { count: fitted.dropped.count, left: fitted.dropped.left }));
      setDeploying(false);
      started.current = false;
      if (outcome === 'lowBalance') go('payment');
      else if (outcome === 'unverified') {
        // The server's word over the cached profile, which would send the order straight back.
        queryClient.setQueryData<UserInfo>(authKeys.userInfo(), (u) =>
          u ? { ...u, email: { ...u.email, isVerified: false } } : u,
        );
        go('verify');
        void queryClient.invalidateQueries({ queryKey: authKeys.userInfo() });
      } else if (outcome === 'failed') go('order');
    });
  }, [step, plansRead, verified]);

  return (
    <Box sx={{ minWidth: 0 }}>
      <PageHeader title={t('cart.title')} />
      <CartStepper active={step} />
      {droppedFloatingIps && (
        <Alert severity="warning" sx={{ mb: 2 }} onClose={() => setDroppedFloatingIps(null)}>
          {t('cart.floatingIpLimit', {
            count: droppedFloatingIps.count,
            left: droppedFloatingIps.left,
          })}
        </Alert>
      )}
      {step === 'order' && (
        <CreationForm
          signedIn={signedIn}
          freshStart={freshStart}
          continueLabel={t('cart.continue')}
          onContinue={() => {
            if (signedIn) go('deploy');
            else {
              backToCart();
              go('signUp');
            }
          }}
        />
      )}
      {step === 'signUp' && (
        <SectionCard title={t('cart.signUp.title')} intro={t('cart.signUp.text')}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <ButtonLink to="/signup" variant="contained" onClick={backToCart}>
              {t('cart.signUp.action')}
            </ButtonLink>
            <ButtonLink to="/signin" variant="outlined" onClick={backToCart}>
              {t('cart.signUp.signIn')}
            </ButtonLink>
            <Button onClick={() => go('order')}>{t('cart.back')}</Button>
          </Stack>
        </SectionCard>
      )}
      {step === 'verify' &&
        (user.data ? (
          <VerifyEmailStep
            user={user.data}
            recheck={async () => (await user.refetch()).data}
            onBack={() => go('order')}
          />
        ) : user.isError ? (
          <ErrorState onRetry={() => user.refetch()} />
        ) : (
          <LoadingState label={t('cart.verify.checking')} />
        ))}
      {step === 'payment' && (
        <SectionCard title={t('cart.payment.title')} intro={t('cart.payment.text')}>
          {order.balance && (
            <Alert severity="info" sx={{ mb: 2 }}>
              <Typography>
                {t('cart.payment.minimum', {
                  amount: money(order.balance.minimumRequiredBalance),
                })}
              </Typography>
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <ButtonLink
              to="/payments"
              variant="contained" // Leaving payments clears the flags: set them again for this visit.
              onClick={() => rememberWaitingOrder(order.balance, true)}
            >
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
      <OrderDialogs order={order} balanceDialog={false} />
    </Box>
  );
}
