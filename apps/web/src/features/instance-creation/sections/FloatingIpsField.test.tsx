import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenStore } from '../../../api/tokens';
import { catalogueApi, ok, ownedFloatingIps, renderCreationPage } from '../instance-creation.test-helpers';

// The test catalogue: 1.50 a month each, at most 5 active.
const field = () => screen.getByRole('combobox', { name: /Floating IPs/ });
const summary = () => screen.getByRole('complementary', { name: 'Order summary' });
const choices = async () => {
  fireEvent.mouseDown(field());
  const list = await screen.findByRole('listbox');
  const names = within(list)
    .getAllByRole('option')
    .map((o) => o.textContent);
  fireEvent.keyDown(list, { key: 'Escape' });
  return names;
};

afterEach(() => {
  tokenStore.clear();
  localStorage.clear();
});

describe('floating IPs of a new instance', () => {
  it('offers what the account has room for, prices them in the summary and sends the count', async () => {
    tokenStore.set({ accessToken: 'a', refreshToken: 'r' });
    const api = catalogueApi({
      'GET /api/floating-ip': ok(ownedFloatingIps(2)),
      'POST /api/instances': ok({
        results: [
          { hostname: 'ubuntu-s-1-fra-1', code: 'CREATED', detail: '', instanceId: 5, password: null },
        ],
      }),
    });
    await renderCreationPage();
    // 5 at most, 2 held: 3 more.
    await waitFor(() => expect(field()).not.toHaveAttribute('aria-disabled'));
    expect(await choices()).toEqual(['None', '1 per instance', '2 per instance', '3 per instance']);
    fireEvent.mouseDown(field());
    fireEvent.click(await screen.findByRole('option', { name: '2 per instance' }));

    expect(summary()).toHaveTextContent('Floating IPs2 × $1.50/mo');
    // Hourly: the monthly estimate counts them (8.00 + 3.00), and their first month is due now.
    const total = screen.getByTestId('order-total');
    expect(total).toHaveTextContent('Estimated total$11.00/mo');
    expect(total).toHaveTextContent('Floating IPs, first month (charged now)$3.00');
    // A monthly order takes both now: the month of the instance and the floating IPs' first month.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Billing cycle' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Monthly' }));
    await waitFor(() => expect(screen.getByTestId('order-total')).toHaveTextContent('Total due now$11.00'));

    // Two instances leave room for one each: the choice comes down with the quantity.
    fireEvent.click(screen.getByRole('button', { name: 'One instance more' }));
    await waitFor(() => expect(summary()).toHaveTextContent('Floating IPs1 × $1.50/mo'));
    fireEvent.click(screen.getByRole('button', { name: 'One instance fewer' }));

    fireEvent.click(screen.getByRole('button', { name: /Create instance/ }));
    await screen.findByRole('heading', { name: 'Pending' });
    expect(api.calls('POST', '/api/instances')[0]?.body).toMatchObject({ floatingIPCount: 1 });
  });

  it('says so when the account has no room left, and orders none', async () => {
    tokenStore.set({ accessToken: 'a', refreshToken: 'r' });
    catalogueApi({ 'GET /api/floating-ip': ok(ownedFloatingIps(5)) });
    await renderCreationPage();
    expect(await screen.findByText(/Your account cannot add more floating IPs now/)).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByText('Floating IPs, first month (charged now)')).not.toBeInTheDocument();
  });
});
