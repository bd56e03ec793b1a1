import { useTranslation } from 'react-i18next';
import { useMoney } from '../../lib/money';
import { useCreation } from './creation-context';
import { isPreorder } from './form-model';
import { AMOUNT, priceText } from './price-text';
import { type OrderQuote, orderQuote } from './quote';

export interface OrderQuoteState {
  /** Null until a region, the configuration and a plan (or a custom plan) are known. */
  quote: OrderQuote | null;
  /** A GPU plan: preordered, charged only when the GPU is allocated. */
  preorder: boolean;
  /** Days until a preordered GPU is expected (the configuration's gpuPreorderEta). */
  preorderEtaDays: number | null;
}

/** The order's figures for the summary and the small screens' order bar. */
export function useOrderQuote(): OrderQuoteState {
  const { values, catalogue } = useCreation();
  const { region, product, appConfig, features } = catalogue;
  const hasPlan = values.customPlan || product !== null;
  const quote =
    region && appConfig.data && hasPlan
      ? orderQuote(values, { product, region, appConfig: appConfig.data, features: features.data ?? {} })
      : null;
  return {
    quote,
    preorder: isPreorder(values),
    preorderEtaDays: appConfig.data?.gpuPreorderEta ?? null,
  };
}

/**
 * The total of the order, as a label and an amount with its period: shared by the summary and the small
 * screens' order bar. Hourly orders show the hourly rate, cycles what is due now; a GPU preorder is
 * charged only when its GPU is allocated, so its total is "due when allocated".
 */
export function useOrderTotal(quote: OrderQuote | null, preorder: boolean) {
  const { t } = useTranslation('instanceCreation');
  const { billingCycle } = useCreation().values;
  const { moneyOfMicros: money } = useMoney();
  if (!quote) return null;
  // Floating IPs are monthly whatever the instances' cycle: in the monthly estimate of an hourly order,
  // and in what a cycle order takes now (then without a period, as the two periods differ).
  const floatingIps = quote.floatingIpsMonthly;
  if (quote.totalHourly !== null)
    return {
      label: preorder ? t('summary.preorderTotal') : t('summary.estimatedTotal'),
      hourly: priceText(t('summary.perHour', { price: AMOUNT }), money(quote.totalHourly, 4)),
      amount: priceText(t('summary.perMonth', { price: AMOUNT }), money(quote.totalMonthly + floatingIps)),
    };
  return {
    label: preorder ? t('summary.preorderTotal') : t('summary.totalDue'),
    hourly: null,
    amount:
      floatingIps > 0
        ? money((quote.totalDue ?? 0) + floatingIps)
        : priceText(
            t(`summary.perBillingCycle.${billingCycle}`, { price: AMOUNT }),
            money(quote.totalDue ?? 0),
          ),
  };
}
