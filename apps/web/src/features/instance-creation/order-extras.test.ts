import type { InsufficientBalance } from '@nimbus/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  hasSavedConfigurationOrder,
  SAVED_CONFIGURATION_KEYS,
  savedConfigurationAmount,
  suggestedTopUp,
  waitingOrderCredit,
} from '../payments/saved-configuration';
import { type CreationValues, defaultCreationValues, withRequiredFeatures } from './form-model';
import { appConfig, product, region } from './instance-creation-fixtures.test-helpers';
import { withCustomPlan, withPlan } from './plan-rules';
import { orderQuote } from './quote';
import { rememberWaitingOrder } from './waiting-order';

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
  it('lacks the shortfall, counted against the live balance when it is known', () => {
    rememberWaitingOrder(refused('3.25', '40.10'), false);
    expect(waitingOrderCredit()).toEqual({ required: 40_100_000, balance: 3_250_000, missing: 36_850_000 });
    expect(waitingOrderCredit('40.000001')?.missing).toBe(100_000);
    expect(waitingOrderCredit('50.00')?.missing).toBe(0);
    rememberWaitingOrder(refused('-12.00', '5.00'), false);
    expect(waitingOrderCredit()?.missing).toBe(17_000_000);
  });

  it('is paid by the smallest preset that covers it, above $300 by whole dollars', () => {
    expect(suggestedTopUp(1_000_000)).toBe('10');
    expect(suggestedTopUp(10_000_000)).toBe('10');
    expect(suggestedTopUp(10_010_000)).toBe('20');
    expect(suggestedTopUp(12_000_000)).toBe('20');
    expect(suggestedTopUp(59_990_000)).toBe('60');
    expect(suggestedTopUp(150_000_000)).toBe('150');
    expect(suggestedTopUp(300_000_000)).toBe('300');
    expect(suggestedTopUp(300_010_000)).toBe('301');
    expect(suggestedTopUp(1_234_560_000)).toBe('1235');
  });

  it('presets the payments page’s amount, and from the cart deploys after paying', () => {
    rememberWaitingOrder(refused('0.00', '12.00'), true);
    expect(hasSavedConfigurationOrder()).toBe(true);
    expect(savedConfigurationAmount()).toBe('20');
    expect(savedConfigurationAmount('5.00')).toBe('10');
    expect(savedConfigurationAmount('12.00')).toBeNull();
    expect(sessionStorage.getItem(SAVED_CONFIGURATION_KEYS.fromCart)).toBe('1');
  });

  it('leaves the default amount without figures, and outside the cart no cart flag', () => {
    rememberWaitingOrder(null, false);
    expect(hasSavedConfigurationOrder()).toBe(true);
    expect(savedConfigurationAmount()).toBeNull();
    expect(sessionStorage.getItem(SAVED_CONFIGURATION_KEYS.fromCart)).toBeNull();
  });

  it('is no preset once the order no longer waits', () => {
    sessionStorage.setItem(SAVED_CONFIGURATION_KEYS.required, '7.00');
    expect(savedConfigurationAmount()).toBeNull();
  });
});
