import { customPlanBounds, instanceQuote, noExtraResource } from '@nimbus/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, loadDraft, saveDraft } from './draft';
import { defaultCreationValues, toCreateRequest } from './form-model';
import { defaultHostname, hostnameErrors, syncHostnames } from './hostnames';
import { appConfig, product, region } from './instance-creation-fixtures.test-helpers';
import {
  clampToStep,
  PLANS_SHOWN,
  quantityLimit,
  visiblePlans,
  withCustomPlan,
  withPlan,
} from './plan-rules';
import { orderQuote } from './quote';
import { preselect, readCreationSearch } from './search-params';

afterEach(() => localStorage.clear());

describe('plan list', () => {
  it('shows four active plans until Show more', () => {
    const plans = [1, 2, 3, 4, 5, 6].map((id) => product(id));
    expect(visiblePlans(plans, false, null)).toHaveLength(PLANS_SHOWN);
    expect(visiblePlans(plans, true, null)).toHaveLength(6);
    expect(visiblePlans([...plans, product(7, { overallActiveness: false })], true, null)).toHaveLength(6);
  });
});

describe('custom plan and extras', () => {
  it('opens with the spec defaults, and with the application RAM', () => {
    const v = withCustomPlan(defaultCreationValues(), null);
    expect(v.extraResource).toEqual({ cpu: 1, ramInGB: 1, diskInGB: 10, bandwidthInTB: 1 });
    const win = { osFamily: 'windows', defaultRamInGB: 2 } as never;
    expect(withCustomPlan(defaultCreationValues(), win).extraResource.ramInGB).toBe(4);
  });

  it('clamps to the bounds and the storage step', () => {
    const b = customPlanBounds.diskInGB;
    expect(clampToStep(5, b.min, b.max, b.step)).toBe(10);
    expect(clampToStep(4000, b.min, b.max, b.step)).toBe(3000);
    expect(clampToStep(23, b.min, b.max, b.step)).toBe(20);
    expect(clampToStep(0, 1, 32, 1)).toBe(1);
    expect(clampToStep(99, 1, 32, 1)).toBe(32);
  });

  it('choosing another plan closes the custom plan and clears extras', () => {
    const custom = withCustomPlan(defaultCreationValues(), null);
    const planned = withPlan({ ...custom, extraResource: { ...noExtraResource, diskInGB: 50 } }, 3);
    expect(planned).toMatchObject({ productId: 3, customPlan: false, extraResource: noExtraResource });
  });
});

describe('quantity', () => {
  it('is at most 10, limited by stock and DDoS stock', () => {
    expect(quantityLimit(null, false)).toEqual({ max: 10, reason: null });
    expect(quantityLimit(product(1, { remainingStock: 3 }), false)).toEqual({ max: 3, reason: 'stock' });
    expect(quantityLimit(product(1, { remainingDdosIpv4: 2 }), true)).toEqual({
      max: 2,
      reason: 'ddosStock',
    });
  });
});

describe('hostnames', () => {
  it('generates one default per instance and keeps typed ones', () => {
    const parts = { image: 'ubuntu', plan: 's-1', region: 'Frankfurt' };
    expect(defaultHostname(parts, 1)).toBe('ubuntu-s-1-fra-1');
    const synced = syncHostnames(['mine', 'x'], [true, false], 3, parts);
    expect(synced.hostnames).toEqual(['mine', 'ubuntu-s-1-fra-2', 'ubuntu-s-1-fra-3']);
  });

  it('checks the contract rules and uniqueness', () => {
    expect(hostnameErrors(['a', 'A', 'ok', '-bad', ''])).toEqual([
      'validation.instances.hostnamesUnique',
      'validation.instances.hostnamesUnique',
      null,
      'validation.hostname.invalid',
      'validation.hostname.required',
    ]);
  });
});

describe('order quote', () => {
  it('equals instanceQuote of the chosen configuration, times the quantity', () => {
    const p = product(2);
    const values = {
      ...withPlan(defaultCreationValues('annually'), p.id),
      extraResource: { ...noExtraResource, diskInGB: 40 },
      quantity: 3,
    };
    const q = orderQuote(values, { product: p, region: region(), appConfig, features: {} });
    const expected = instanceQuote({
      product: p,
      region: region(),
      planClass: 'default',
      extraResource: values.extraResource,
      assignIpv4: true,
      isDdosProtected: false,
      featurePrices: [],
      billingCycle: 'annually',
      appConfig,
      promoted: true,
    });
    expect(q.each).toEqual(expected);
    expect(q.totalDue).toBe((expected.cyclePrice ?? 0) * 3);
    expect(q.each.discountPercent).toBe(15);
  });
});

describe('query parameters', () => {
  it('preselect the form', () => {
    const search = readCreationSearch({
      planType: 'cpu-optimized',
      region: '4',
      appId: '9',
      features: '1,2',
      ipv4: 'false',
      ipv6: 'true',
      osId: 'nope',
    });
    const v = preselect(defaultCreationValues(), search);
    expect(v).toMatchObject({
      planClass: 'cpu-optimized',
      regionId: 4,
      appId: 9,
      osId: null,
      imageTab: 'applications',
      featureIds: [1, 2],
      assignIpv4: false,
      assignIpv6: true,
    });
  });
});

describe('draft', () => {
  it('is restored, and a draft of another version is dropped', () => {
    const v = { ...defaultCreationValues(), regionId: 7 };
    saveDraft(v);
    expect(loadDraft()).toEqual(v);
    localStorage.setItem('nimbus.creationDraft', JSON.stringify({ version: 0, values: v }));
    expect(loadDraft()).toBeNull();
    clearDraft();
    expect(loadDraft()).toBeNull();
  });

  it('builds a custom plan request without a product', () => {
    const v = withCustomPlan(
      { ...defaultCreationValues(), regionId: 1, productId: 3, hostnames: ['a'] },
      null,
    );
    expect(toCreateRequest(v)).toMatchObject({ productId: null, extraResource: { cpu: 1, ramInGB: 1 } });
  });
});
