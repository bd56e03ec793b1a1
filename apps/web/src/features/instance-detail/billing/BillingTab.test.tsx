import type { InvoiceItem } from '@nimbus/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fail,
  instance,
  mockApi,
  ok,
  onWideScreen,
  renderInstanceDetail,
} from '../instance-detail.test-helpers';
// Loaded up front: the page loads this tab lazily, which on a busy machine can outlast a find's wait.
import './BillingTab';

const suspended = () =>
  instance({
    billingDetail: {
      startDate: '2026-01-01T10:00:00.000Z',
      endDate: '2026-02-01T10:00:00.000Z',
      billingCycle: 'monthly',
      purchasedPrice: '12.00',
      daysUntilTermination: 5,
      terminatesAt: '2026-02-09T10:00:00.000Z',
      status: 'suspended',
    },
  });

const item = (id: number): InvoiceItem => ({
  id,
  invoiceId: 1,
  instanceId: 7,
  category: 'instance',
  type: 'subscription',
  billingCycle: 'monthly',
  reason: 'created',
  description: `Line ${id}`,
  subDescription: '',
  usage: 1,
  subtotal: '12.00',
  roundedSubtotal: '12.00',
  startTimestamp: '2026-01-01T10:00:00.000Z',
  endTimestamp: '2026-02-01T10:00:00.000Z',
  closed: false,
});
const page = (ids: number[], n: number) =>
  ok({ items: ids.map(item), totalCount: 12, totalPages: 2, pageSize: 10, page: n });
const noItems = page([], 1);

describe('billing tab', () => {
  it('shows the cycle details and the invoice items, loading the next page until a short one', async () => {
    onWideScreen();
    const api = mockApi({
      'GET /api/instances/7': ok(instance()),
      'GET /api/invoice-items': (request) =>
        request.query.get('page') === '1' ? page([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 1) : page([11, 12], 2),
    });
    await renderInstanceDetail('/instances/7/billing');
    expect(await screen.findByText('$12.00', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getAllByText('Monthly').length).toBeGreaterThan(0);
    expect(await screen.findByRole('table', { name: /items/i })).toBeInTheDocument();
    expect(api.calls('GET', '/api/invoice-items')[0]?.query.get('size')).toBe('10');
    expect(api.calls('GET', '/api/invoice-items')[0]?.query.get('instanceId')).toBe('7');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Line 12')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('has no auto-renew for hourly instances', async () => {
    mockApi({
      'GET /api/instances/7': ok(instance({ billingCycle: 'hourly' })),
      'GET /api/invoice-items': noItems,
    });
    await renderInstanceDetail('/instances/7/billing');
    expect(await screen.findByRole('heading', { name: 'Billing cycle' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Auto-renew' })).not.toBeInTheDocument();
  });

  it('asks before turning auto-renew off', async () => {
    const api = mockApi({
      'GET /api/instances/7': ok(instance()),
      'GET /api/invoice-items': noItems,
      'PUT /api/instances/7/manage-auto-renew': ok({ code: true, isSubscriptionAutoRenewEnabled: false }),
    });
    await renderInstanceDetail('/instances/7/billing');
    fireEvent.click(await screen.findByRole('switch', { name: 'Auto-renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off auto-renew?' });
    expect(api.calls('PUT', '/api/instances/7/manage-auto-renew')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Auto-renew is off for web-1.')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/instances/7/manage-auto-renew')[0]?.body).toEqual({ autoRenew: false });
  });

  it('turns auto-renew on at once', async () => {
    const api = mockApi({
      'GET /api/instances/7': ok(instance({ isSubscriptionAutoRenewEnabled: false })),
      'GET /api/invoice-items': noItems,
      'PUT /api/instances/7/manage-auto-renew': ok({ code: true, isSubscriptionAutoRenewEnabled: true }),
    });
    await renderInstanceDetail('/instances/7/billing');
    fireEvent.click(await screen.findByRole('switch', { name: 'Auto-renew' }));
    expect(await screen.findByText('Auto-renew is on for web-1.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('PUT', '/api/instances/7/manage-auto-renew')[0]?.body).toEqual({ autoRenew: true });
  });

  it('opens the balance dialog when Renew now answers 460', async () => {
    mockApi({
      'GET /api/instances/7': ok(suspended()),
      'GET /api/invoice-items': noItems,
      'POST /api/instances/7/renew': fail(460, 'INSUFFICIENT_BALANCE', {
        data: {
          customerBalance: '3.00',
          minimumRequiredBalance: '12.00',
          numberOfDaysBalanceValidatedAgainst: 0,
          paygInstancesCount: 2,
          paygInstancesPriceSum: '0.0360',
          snapshotCount: 1,
          snapshotPriceSum: '0.0010',
        },
      }),
    });
    await renderInstanceDetail('/instances/7/billing');
    expect(await screen.findByText(/terminated in 5 days/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Renew now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Insufficient balance' });
    expect(within(dialog).getByText('$3.00')).toBeInTheDocument();
    expect(within(dialog).getAllByText('$12.00').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('2 hourly instances')).toBeInTheDocument();
    expect(within(dialog).getByText('$0.0360 per hour')).toBeInTheDocument();
    expect(within(dialog).getByText('1 snapshot')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Add credit' })).toHaveAttribute('href', '/payments');
  });

  it('shows when a suspended hourly instance is terminated, and the way to add credit', async () => {
    mockApi({
      'GET /api/instances/7': ok(
        instance({
          billingCycle: 'hourly',
          billingDetail: {
            ...suspended().billingDetail!,
            billingCycle: 'hourly',
            endDate: null,
            terminatesAt: '2026-02-09T10:00:00.000Z',
          },
        }),
      ),
      'GET /api/invoice-items': noItems,
    });
    await renderInstanceDetail('/instances/7/billing');
    expect(await screen.findByText(/terminated on .*2026/)).toBeInTheDocument();
    expect(screen.getByText(/February 9, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add credit' })).toHaveAttribute('href', '/payments');
    expect(screen.queryByRole('button', { name: 'Renew now' })).not.toBeInTheDocument();
  });

  it('renews a suspended subscription', async () => {
    let answer = suspended();
    mockApi({
      'GET /api/instances/7': () => ok(answer),
      'GET /api/invoice-items': noItems,
      'POST /api/instances/7/renew': () => {
        answer = instance();
        return ok(null);
      },
    });
    await renderInstanceDetail('/instances/7/billing');
    fireEvent.click(await screen.findByRole('button', { name: 'Renew now' }));
    expect(await screen.findByText('web-1 was renewed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Renew now' })).not.toBeInTheDocument());
  });
});
