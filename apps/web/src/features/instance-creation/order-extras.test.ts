import type { InsufficientBalance } from '@nimbus/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  hasSavedConfigurationOrder,
  SAVED_CONFIGURATION_KEYS,
  savedConfigurationAmount,
} from '../payments/saved-configuration';
import { type CreationValues, defaultCreationValues, withRequiredFeatures } from './form-model';
import { withCustomPlan, withPlan } from './plan-rules';
import { orderQuote } from './quote';
import { appConfig, product, region } from './test-fixtures';
import { creditNeeded, rememberWaitingOrder } from './waiting-order';

afterEach(() => sessionStorage.clear());

const gpu = product(21, { requiredFeatures: [5] });
const gpuOrder = (): CreationValues => ({
  ...withPlan(defaultCreationValues('monthly'), gpu.id),
  planClass: 'gpu-provided',
});

describe('features a plan requires', () => {
  it('travel with the order, once, next to the customer’s own', () => {
    expect(withRequiredFeatures(gpuOrder(), gpu).featureIds).toEqual([5]);
    const withOwn = { ...gpuOrder(), featureIds: [1, 5] };
    expect(withRequiredFeatures(withOwn, gpu).featureIds).toEqual([1, 5]);
  });

  it('belong to the plan, not to the form: another plan or a custom plan carries none', () => {
    expect(withRequiredFeatures(gpuOrder(), product(2)).featureIds).toEqual([]);
    expect(withRequiredFeatures(withCustomPlan(gpuOrder(), null), gpu).featureIds).toEqual([]);
    expect(withRequiredFeatures(gpuOrder(), null).featureIds).toEqual([]);
  });

  it('are priced in the quote', () => {
    const catalogue = { product: gpu, region: region(), appConfig, features: {} };
    const plain = orderQuote(gpuOrder(), catalogue);
    const priced = orderQuote(gpuOrder(), {
      ...catalogue,
      appConfig: { ...appConfig, featurePrices: { '5': '3.00' } },
    });
    expect(priced.each.monthly - plain.each.monthly).toBe(3_000_000);
  });
});

const refused = (customerBalance: string, minimumRequiredBalance: string): InsufficientBalance => ({
  customerBalance,
  minimumRequiredBalance,
  numberOfDaysBalanceValidatedAgainst: 7,
  paygInstancesCount: 0,
  paygInstancesPriceSum: '0.0000',
  snapshotCount: 0,
  snapshotPriceSum: '0.0000',
});

describe('an order waiting for credit', () => {
  it('needs the shortfall, at least the smallest payment', () => {
    expect(creditNeeded(refused('0.00', '7.00'))).toBe('7.00');
    expect(creditNeeded(refused('3.25', '40.10'))).toBe('36.85');
    expect(creditNeeded(refused('-12.00', '5.00'))).toBe('17.00');
    expect(creditNeeded(refused('6.50', '7.00'))).toBe('2.00');
  });

  it('presets the payments page’s amount, and from the cart deploys after paying', () => {
    rememberWaitingOrder(refused('0.00', '7.00'), true);
    expect(hasSavedConfigurationOrder()).toBe(true);
    expect(savedConfigurationAmount()).toBe('7.00');
    expect(sessionStorage.getItem(SAVED_CONFIGURATION_KEYS.fromCart)).toBe('1');
  });

  it('leaves the default amount without figures, and outside the cart no cart flag', () => {
    rememberWaitingOrder(null, false);
    expect(hasSavedConfigurationOrder()).toBe(true);
    expect(savedConfigurationAmount()).toBeNull();
    expect(sessionStorage.getItem(SAVED_CONFIGURATION_KEYS.fromCart)).toBeNull();
  });

  it('is no preset once the order no longer waits', () => {
    sessionStorage.setItem(SAVED_CONFIGURATION_KEYS.amount, '7.00');
    expect(savedConfigurationAmount()).toBeNull();
  });
});
