import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Divider } from '@mui/material';
import { type BillingInfo, cardGateways, fromMicros, PAYMENT_MAX, PAYMENT_MIN } from '@nimbus/contract';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { parseAmount } from '../../../lib/money';
import { useAutoRechargeInfo } from '../../auto-recharge/queries';
import { goToCheckout } from '../checkout';
import { useCheckoutMutation } from '../queries';
import { savedConfigurationAmount } from '../saved-configuration';
import { AmountSelector } from './AmountSelector';
import { AutoRechargeChoice } from './AutoRechargeChoice';
import { CheckoutProblemAlert } from './CheckoutProblemAlert';
import { FeeNotice } from './FeeNotice';
import { GatewaySelector } from './GatewaySelector';
import { KycNotice } from './KycNotice';
import {
  type CheckoutProblem,
  checkoutProblemOf,
  isCryptoGateway,
  type KnownGateway,
  type TopUpFormInput,
  type TopUpFormOutput,
  topUpDefaults,
  topUpFormSchema,
} from './top-up-form';

interface Props {
  gateways: KnownGateway[];
  billingInfo: BillingInfo | undefined;
}

/** Amount, gateway and (for card gateways) auto-recharge; checkout sends the payer to the gateway. */
export function TopUpForm({ gateways, billingInfo }: Props) {
  const { t } = useTranslation('payments');
  const checkout = useCheckoutMutation();
  const [problem, setProblem] = useState<CheckoutProblem | null>(null);
  // The page is left for the gateway: the button stays busy until the browser navigates.
  const [leaving, setLeaving] = useState(false);
  const { control, handleSubmit, getValues, setValue } = useForm<TopUpFormInput, unknown, TopUpFormOutput>({
    resolver: zodResolver(topUpFormSchema),
    // An order waiting for credit presets what it lacks, rounded up to a preset (see saved-configuration).
    defaultValues: topUpDefaults(gateways, savedConfigurationAmount(billingInfo?.balance)),
    mode: 'onChange',
  });
  const [credit, gatewayName] = useWatch({ control, name: ['credit', 'gateway'] });
  const gateway = gateways.find((g) => g.name === gatewayName);
  const cardGateway = gateway !== undefined && cardGateways.includes(gateway.name);
  const autoRecharge = useAutoRechargeInfo(cardGateway);

  // Options arrive with the auto-recharge info; the smallest of each is preselected.
  useEffect(() => {
    const info = autoRecharge.info;
    if (!info) return;
    if (!getValues('autoRecharge.amount')) setValue('autoRecharge.amount', info.amountOptions[0] ?? '');
    if (!getValues('autoRecharge.minimumCreditThreshold')) {
      setValue('autoRecharge.minimumCreditThreshold', info.thresholdOptions[0] ?? '');
    }
  }, [autoRecharge.info, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    const withAutoRecharge = cardGateway && values.enableAutoRecharge && !autoRecharge.info?.isActive;
    try {
      const result = await checkout.mutateAsync({
        // The amount as typed, to the cent: the server applies the same rule to it.
        credit: fromMicros(values.credit, 2),
        gateway: values.gateway,
        enableAutoRecharge: withAutoRecharge,
        autoRecharge: withAutoRecharge ? values.autoRecharge : undefined,
      });
      setLeaving(true);
      goToCheckout(result);
    } catch (error) {
      setProblem(checkoutProblemOf(error));
    }
  });

  const amount = parseAmount(credit);
  const validAmount = amount !== null && amount >= PAYMENT_MIN && amount < PAYMENT_MAX ? amount : null;
  const showKyc = isCryptoGateway(gateway?.name);
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 3 }}>
      <AmountSelector control={control} />
      <Divider />
      <GatewaySelector control={control} gateways={gateways} />
      {showKyc && problem?.kind !== 'kyc' && <KycNotice kycStatus={billingInfo?.kycStatus} />}
      {cardGateway && (
        <AutoRechargeChoice control={control} info={autoRecharge.info} failed={autoRecharge.isError} />
      )}
      {gateway && validAmount !== null && <FeeNotice amount={validAmount} gateway={gateway} />}
      {problem && <CheckoutProblemAlert problem={problem} />}
      <Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={checkout.isPending || leaving}
          disabled={checkout.isPending || leaving}
          sx={{ width: { xs: '100%', sm: 'auto' }, minWidth: { sm: 240 } }}
        >
          {t('checkout.button')}
        </Button>
      </Box>
    </Box>
  );
}
