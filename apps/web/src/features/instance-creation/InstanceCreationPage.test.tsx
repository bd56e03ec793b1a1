import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageRoute, renderRoutes, stubRoute } from '../../test/render';
import { CREATION_RESULTS_KEY } from '../instances/pending/creation-results';
import { CREATION_DRAFT_KEY, loadDraft, saveDraft } from './draft';
import { defaultCreationValues } from './form-model';
import { InstanceCreationPage } from './InstanceCreationPage';
import {
  catalogueApi,
  fail,
  ok,
  products,
  renderCreationPage as renderPage,
} from './instance-creation.test-helpers';
import { product } from './instance-creation-fixtures.test-helpers';

const planGroup = () => screen.getByRole('radiogroup', { name: 'Plan' });
const createButton = () => screen.getByRole('button', { name: /Create instance/ });

describe('InstanceCreationPage', () => {
  it('shows four plans until Show more; out-of-stock plans cannot be chosen', async () => {
    catalogueApi();
    await renderPage();
    expect(within(planGroup()).getAllByRole('radio')).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(within(planGroup()).getAllByRole('radio')).toHaveLength(6);
    const soldOut = within(planGroup()).getByRole('radio', { name: /s-2/ });
    expect(soldOut).toBeDisabled();
    expect(within(planGroup()).getByRole('radio', { name: /s-1/ })).toHaveAttribute('aria-checked', 'true');
  });

  it('limits the quantity stepper and adds a hostname per instance', async () => {
    catalogueApi();
    await renderPage();
    const minus = screen.getByRole('button', { name: 'One instance fewer' });
    expect(minus).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'One instance more' }));
    expect(minus).toBeEnabled();
    expect(screen.getByLabelText('Hostname of instance 2')).toHaveValue('ubuntu-s-1-fra-2');
  });

  it('sums the order with instanceQuote (hourly: rate and monthly estimate)', async () => {
    catalogueApi();
    await renderPage();
    // s-1: 5 + 1 offset + 2 IPv4 = 8.00 a month; 8 / 720 = 0.0111 an hour.
    const total = screen.getByTestId('order-total');
    expect(total).toHaveTextContent('$0.0111/hr');
    expect(total).toHaveTextContent('$8.00/mo');
  });

  it('preselects from the query', async () => {
    catalogueApi();
    await renderPage('/createinstance?ipv6=true&planType=default');
    expect(screen.getByRole('checkbox', { name: 'IPv6 (free)' })).toBeChecked();
  });

  it('creates, stores the results for the pending page and clears the draft', async () => {
    const api = catalogueApi({
      'POST /api/instances': ok({
        results: [
          { hostname: 'ubuntu-s-1-fra-1', code: 'CREATED', detail: '', instanceId: 5, password: 'pw' },
        ],
      }),
    });
    await renderPage();
    fireEvent.click(createButton());
    await screen.findByRole('heading', { name: 'Pending' });
    expect(api.calls('POST', '/api/instances')[0]?.body).toMatchObject({
      region: 1,
      productId: 1,
      hostnames: ['ubuntu-s-1-fra-1'],
      osId: 11,
    });
    expect(JSON.parse(sessionStorage.getItem(CREATION_RESULTS_KEY) ?? '{}')).toMatchObject({
      kind: 'instances',
    });
    expect(localStorage.getItem(CREATION_DRAFT_KEY)).toBeNull();
  });

  it('opens the balance dialog on 460 and keeps the form', async () => {
    const balance = {
      customerBalance: '1.00',
      minimumRequiredBalance: '25.00',
      numberOfDaysBalanceValidatedAgainst: 3,
      paygInstancesCount: 1,
      paygInstancesPriceSum: '0.0100',
      snapshotCount: 0,
      snapshotPriceSum: '0.0000',
    };
    catalogueApi({ 'POST /api/instances': fail(460, 'INSUFFICIENT_BALANCE', { data: balance }) });
    await renderPage();
    fireEvent.click(createButton());
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('$25.00');
    expect(loadDraft()?.productId).toBe(1);
  });

  it('on 500 toasts the internal error and resets the draft', async () => {
    catalogueApi({ 'POST /api/instances': fail(500, 'INTERNAL_ERROR') });
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'One instance more' }));
    fireEvent.click(screen.getByRole('button', { name: /Create 2 instances/ }));
    expect(
      await screen.findByText('Failed to create instance due to internal server error.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(loadDraft()?.quantity).toBe(1));
  });

  it('restores the saved draft', async () => {
    saveDraft({
      ...defaultCreationValues(),
      regionId: 1,
      productId: 3,
      quantity: 2,
      hostnames: ['kept', 'x'],
      hostnamesEdited: [true, false],
    });
    catalogueApi();
    await renderPage().catch(() => undefined);
    expect(screen.getByLabelText('Hostname of instance 1')).toHaveValue('kept');
    expect(within(planGroup()).getByRole('radio', { name: /s-3/ })).toHaveAttribute('aria-checked', 'true');
  });

  it('a GPU plan is preordered: the button and the summary say nothing is charged now', async () => {
    const gpu = product(7, {
      name: 'gpu-7',
      plan: { ...product(7).plan, type: 'gpu-provided', gpuName: 'rtx4090', gpuQuantity: 1 },
    });
    const api = catalogueApi({
      'GET /api/products': ok([...products, gpu]),
      'POST /api/preorders': ok({ preorders: [] }),
    });
    await renderRoutes(
      '/createinstance?planType=gpu-provided',
      (root) => [
        pageRoute(root, '/createinstance', InstanceCreationPage),
        stubRoute(root, '/preorder/pending', 'Preorder pending'),
      ],
      { ready: () => screen.findByRole('heading', { level: 1, name: 'Create instance' }) },
    );
    const request = await screen.findByRole('button', { name: 'Request GPU server' }, { timeout: 5000 });
    await waitFor(() =>
      expect(within(planGroup()).getByRole('radio', { name: /gpu-7/ })).toHaveAttribute(
        'aria-checked',
        'true',
      ),
    );
    expect(screen.queryByRole('button', { name: /Create instance/ })).toBeNull();
    expect(screen.getByTestId('order-total')).toHaveTextContent('Due when allocated');
    expect(screen.getByText(/Nothing is charged now.*expected within 30 days\./)).toBeInTheDocument();
    fireEvent.click(request);
    await screen.findByRole('heading', { name: 'Preorder pending' });
    expect(api.calls('POST', '/api/preorders')).toHaveLength(1);
  });

  it('names the billing cycle of the total through the translations, the amount isolated', async () => {
    catalogueApi();
    await renderPage();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Billing cycle' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Quarterly' }));
    const total = screen.getByTestId('order-total');
    // s-1: (5 + 1 + 2) × 3 months.
    expect(total).toHaveTextContent('$24.00 per quarter');
    expect(within(total).getByText('$24.00').tagName).toBe('BDI');
  });

  it('shows each figure of a plan whole, and the OS version named by its family', async () => {
    catalogueApi();
    await renderPage();
    const plan = within(planGroup()).getByRole('radio', { name: /s-1/ });
    expect(within(plan).getByText('20 GB storage')).toBeInTheDocument();
    expect(within(plan).getByText('1 TB transfer')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Ubuntu version' })).toBeInTheDocument();
  });
});
