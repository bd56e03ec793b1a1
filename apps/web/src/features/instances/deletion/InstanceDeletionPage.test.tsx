import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answeredBefore, lastSubmissionRoute, neverAnswered } from '../../surveys/surveys.test-helpers';
import { fail, mockApi, ok, renderInstances } from '../instances.test-helpers';
import { DELETION_QUEUE_KEY, queueDeletion } from './deletion-queue';

const refund = (instanceId: number, refundable: boolean) => ({
  instanceId,
  hostname: `web-${instanceId}`,
  billingCycle: refundable ? 'monthly' : 'hourly',
  refundable,
  refundAmount: refundable ? '4.5' : '0',
  unusedDays: refundable ? 9 : 0,
  cycleEnd: null,
});

/** The list this page goes back to, empty. */
const emptyList = {
  'GET /api/instances': ok({ instances: [], bookmark: null, previousBookmark: null }),
  'GET /api/instances/stats': ok({
    instanceCount: 0,
    poweredOnInstanceCount: 0,
    shutdownInstanceCount: 0,
    suspendedInstanceCount: 0,
  }),
  'GET /api/preorders': ok({ preorders: [] }),
};

/** No instance of the queue has transfer beyond its allowance. */
const noOverage = { 'GET /api/instances/network-stats': ok({ items: [] }) };
const stats = (externalId: number, exceedance: number) => ({
  externalId,
  instanceId: externalId,
  allowedBandwidth: 1024,
  planBandwidth: 1024,
  packageBandwidth: 0,
  actualUsage: 1024 + exceedance,
  startedAt: '2026-11-01T00:00:00.000Z',
  endsAt: '2026-12-01T00:00:00.000Z',
  exceedance,
  overageAmount: (exceedance / 100).toFixed(4),
  willBeChargedInCaseOfTermination: exceedance > 0,
});

describe('InstanceDeletionPage', () => {
  it('goes back to the list when nothing is queued', async () => {
    mockApi(emptyList);
    const { router } = await renderInstances('/instance-deletion');
    await waitFor(() => expect(router.state.location.pathname).toBe('/services/instanceList'));
  });

  it('shows refunds, needs their number typed, deletes one by one with progress, then OK', async () => {
    queueDeletion([1, 2, 3]);
    // Requests sent in parallel would all be made in the same tick; one by one, each waits for the last.
    let lastAnswered = true;
    let overlapped = false;
    const remove = (status: 'ok' | 'fail') => () => {
      if (!lastAnswered) overlapped = true;
      lastAnswered = false;
      Promise.resolve().then(() => {
        lastAnswered = true;
      });
      return status === 'ok' ? ok(null) : fail(409, 'INSTANCE_CHANGING');
    };
    const api = mockApi({
      ...noOverage,
      'POST /api/instances/bulk-subscription-refund': ok({
        refunds: [refund(1, true), refund(2, false), refund(3, true)],
        totalRefund: '9',
      }),
      'DELETE /api/instances/1': remove('ok'),
      'DELETE /api/instances/2': remove('fail'),
      'DELETE /api/instances/3': remove('ok'),
      'GET /api/instances': ok({ instances: [], bookmark: null, previousBookmark: null }),
      [lastSubmissionRoute('delete-instance')]: neverAnswered,
    });
    const { router } = await renderInstances('/instance-deletion');
    expect(await screen.findAllByText('Refund $4.50 (9 unused days)')).toHaveLength(2);
    expect(screen.getByText('No refund')).toBeInTheDocument();
    expect(screen.getByText('Total refund: $9.00')).toBeInTheDocument();
    expect(api.calls('POST', '/api/instances/bulk-subscription-refund')[0]?.body).toEqual({ ids: [1, 2, 3] });

    const confirm = screen.getByRole('button', { name: 'Delete 3 services' });
    expect(confirm).toBeDisabled();
    const phrase = screen.getByRole('textbox', {
      name: 'Type 3, the number of services to delete, to confirm',
    });
    fireEvent.change(phrase, { target: { value: '2' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(phrase, { target: { value: ' 3 ' } });
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);

    const dialog = await screen.findByRole('dialog', { name: 'Deletion completed' });
    expect(within(dialog).getByText('2 / 3 deleted')).toBeInTheDocument();
    expect(within(dialog).getByText('Could not delete web-2.')).toBeInTheDocument();
    expect(api.seen.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/instances/1',
      '/api/instances/2',
      '/api/instances/3',
    ]);
    expect(overlapped).toBe(false);
    expect(sessionStorage.getItem(DELETION_QUEUE_KEY)).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Why did you delete your server?' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/services/instanceList'));
    // Asked why once, on the list, about the first service deleted (web-2 could not be).
    expect(
      await screen.findByRole('dialog', { name: 'Why did you delete your server?' }),
    ).toBeInTheDocument();
    expect(api.calls('GET', '/api/surveys/1/last-submission').map((r) => r.query.get('reference'))).toEqual([
      '1',
    ]);
  });

  it('offers a retry when the refunds cannot be loaded', async () => {
    queueDeletion([1]);
    let calls = 0;
    mockApi({
      ...noOverage,
      'POST /api/instances/bulk-subscription-refund': () =>
        ++calls === 1 ? fail(500, 'INTERNAL_ERROR') : ok({ refunds: [refund(1, true)], totalRefund: '4.5' }),
    });
    await renderInstances('/instance-deletion');
    expect(await screen.findByText('We could not load the refunds of these services.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete service' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Total refund: $4.50')).toBeInTheDocument();
    // One service is confirmed by its hostname, as on its own page.
    const phrase = screen.getByRole('textbox', { name: 'Type the hostname web-1 to confirm' });
    fireEvent.change(phrase, { target: { value: 'web-2' } });
    expect(screen.getByRole('button', { name: 'Delete service' })).toBeDisabled();
    fireEvent.change(phrase, { target: { value: 'web-1' } });
    expect(screen.getByRole('button', { name: 'Delete service' })).toBeEnabled();
  });

  it('keeps only what is left to delete across a reload', async () => {
    queueDeletion([1, 2]);
    let storedDuringSecond: unknown = null;
    mockApi({
      ...noOverage,
      'POST /api/instances/bulk-subscription-refund': ok({
        refunds: [refund(1, true), refund(2, true)],
        totalRefund: '9',
      }),
      'DELETE /api/instances/1': ok(null),
      // The page is reloaded while the second deletion is under way.
      'DELETE /api/instances/2': () => {
        storedDuringSecond = JSON.parse(sessionStorage.getItem(DELETION_QUEUE_KEY) ?? 'null');
        return ok(null);
      },
    });
    await renderInstances('/instance-deletion');
    fireEvent.change(await screen.findByRole('textbox', { name: /number of services to delete/ }), {
      target: { value: '2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete 2 services' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deletion completed' });
    expect(within(dialog).getByText('2 / 2 deleted')).toBeInTheDocument();
    expect(storedDuringSecond).toEqual([2]);
    expect(sessionStorage.getItem(DELETION_QUEUE_KEY)).toBeNull();
  });

  it('keeps showing what was refunded after the deletion, also after a reload (issue 11)', async () => {
    queueDeletion([1, 2]);
    let deleted = false;
    mockApi({
      ...noOverage,
      // Once deleted, a preview gives nothing back: the page must not show it as the outcome.
      'POST /api/instances/bulk-subscription-refund': () =>
        ok(
          deleted
            ? { refunds: [refund(1, false), refund(2, false)], totalRefund: '0' }
            : { refunds: [refund(1, true), refund(2, false)], totalRefund: '4.5' },
        ),
      'DELETE /api/instances/1': () => {
        deleted = true;
        // The DELETE answer says what the deletion gave back: here a little more than the preview.
        return ok({ ...refund(1, true), refundAmount: '6.76', unusedDays: 26 });
      },
      'DELETE /api/instances/2': ok(refund(2, false)),
      'GET /api/instances': ok({ instances: [], bookmark: null, previousBookmark: null }),
      'GET /api/profile/billing-info': ok({}),
      // Asked why before, about web-1: not again.
      [lastSubmissionRoute('delete-instance')]: answeredBefore('delete-instance', '1'),
    });
    const { view } = await renderInstances('/instance-deletion');
    fireEvent.change(await screen.findByRole('textbox', { name: /number of services to delete/ }), {
      target: { value: '2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete 2 services' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deletion completed' });
    expect(within(dialog).getByText('Refunded to your credit: $6.76')).toBeInTheDocument();

    // Behind the modal dialog first (hidden from the accessibility tree then), then on its own.
    const page = () => screen.getByRole('region', { name: 'Deletion completed', hidden: true });
    const showsRefund = async () => {
      await waitFor(() =>
        expect(page()).toHaveTextContent('Deletion completed. $6.76 was refunded to your credit.'),
      );
      const list = within(page()).getByRole('list', { name: 'Deleted services', hidden: true });
      const items = within(list).getAllByRole('listitem', { hidden: true });
      expect(items[0]).toHaveTextContent('Refunded $6.76');
      expect(items[1]).toHaveTextContent('No refund');
      expect(page()).not.toHaveTextContent('$0.00');
    };
    await showsRefund();

    view.unmount();
    await renderInstances('/instance-deletion');
    await showsRefund();
    fireEvent.click(screen.getByRole('button', { name: 'Back to services' }));
    await waitFor(() => expect(sessionStorage.length).toBe(0));
  });

  it('says when a queued service is not the customer’s (any more), without a pointless retry', async () => {
    queueDeletion([1, 404]);
    mockApi({ ...emptyList, 'POST /api/instances/bulk-subscription-refund': fail(404, 'NOT_FOUND') });
    const { router } = await renderInstances('/instance-deletion');
    expect(
      await screen.findByText(
        'Some of these services are no longer in your account. Choose again from the list.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete 2 services' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/services/instanceList'));
    expect(sessionStorage.getItem(DELETION_QUEUE_KEY)).toBeNull();
  });

  it('says which instances will be charged for transfer beyond the allowance if deleted now', async () => {
    queueDeletion([1, 2]);
    const api = mockApi({
      'POST /api/instances/bulk-subscription-refund': ok({
        refunds: [refund(1, false), refund(2, false)],
        totalRefund: '0',
      }),
      'GET /api/instances/network-stats': ok({ items: [stats(1, 0), stats(2, 250.5)] }),
    });
    await renderInstances('/instance-deletion');
    expect(
      await screen.findByText('Transfer beyond the allowance will be charged in case of termination:'),
    ).toBeInTheDocument();
    expect(screen.getByText('web-2: 250.50 GiB beyond the allowance, $2.51')).toBeInTheDocument();
    expect(screen.queryByText(/web-1:/)).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/instances/network-stats')[0]?.query.get('instanceId')).toBe('1,2');
  });

  it('warns when the transfer figures cannot be loaded, and still lets the customer delete', async () => {
    queueDeletion([1]);
    mockApi({
      'POST /api/instances/bulk-subscription-refund': ok({ refunds: [refund(1, false)], totalRefund: '0' }),
      'GET /api/instances/network-stats': fail(500, 'INFRASTRUCTURE_ERROR'),
    });
    await renderInstances('/instance-deletion');
    expect(
      await screen.findByText(/The transfer of these instances could not be loaded/),
    ).toBeInTheDocument();
    expect(screen.getByText('No refund')).toBeInTheDocument();
  });
});
