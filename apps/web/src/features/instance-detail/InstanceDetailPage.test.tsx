import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lastSubmissionRoute, neverAnswered, submitRoute, submitted } from '../surveys/surveys.test-helpers';
import { fail, instance, mockApi, ok, renderInstanceDetail } from './instance-detail.test-helpers';

afterEach(() => vi.useRealTimers());

describe('instance detail page', () => {
  it('shows the header and every tab, and opens a tab by its URL', async () => {
    mockApi({
      'GET /api/instances/7': ok(instance()),
      // The billing tab lists the instance's invoice items.
      'GET /api/invoice-items': ok({ items: [], totalCount: 0, totalPages: 0, pageSize: 10, page: 1 }),
    });
    const { router } = await renderInstanceDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'web-1' })).toBeInTheDocument();
    expect(screen.getByText('On')).toBeInTheDocument();
    expect(screen.getAllByText('203.0.113.7').length).toBeGreaterThan(0);
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Access',
      'Performance',
      'Billing',
      'Resize',
      'Change OS',
      'Network',
      'Logs',
      'Tickets',
      'Rescue mode',
      'Snapshots',
      'Backups',
    ]);
    expect(screen.getByRole('tab', { name: 'Access' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('tab', { name: 'Billing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/instances/7/billing'));
    expect(await screen.findByRole('heading', { name: 'Billing cycle' })).toBeInTheDocument();
  });

  it('shows the IPv6 of an IPv6-only instance in the header', async () => {
    mockApi({ 'GET /api/instances/7': ok(instance({ mainIp: null, mainIpv6: '2001:db8::7' })) });
    await renderInstanceDetail();
    await screen.findByRole('heading', { level: 1, name: 'web-1' });
    expect(screen.getAllByText('2001:db8::7').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Copy IP address' })).toBeInTheDocument();
    expect(screen.queryByText('Not assigned yet')).not.toBeInTheDocument();
  });

  it('sends a missing instance to the not-found page', async () => {
    mockApi({ 'GET /api/instances/7': fail(404, 'NOT_FOUND') });
    await renderInstanceDetail();
    expect(await screen.findByRole('heading', { name: 'Not found page' })).toBeInTheDocument();
  });

  it('polls every 3 s until the instance is stable', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = instance({ status: 'preparing_disk' });
    const api = mockApi({ 'GET /api/instances/7': () => ok(answer) });
    await renderInstanceDetail();
    expect(await screen.findByText('Initializing')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Power on' })).toBeDisabled();
    await vi.advanceTimersByTimeAsync(3000);
    await waitFor(() => expect(api.calls('GET', '/api/instances/7')).toHaveLength(2));
    answer = instance({ status: 'active' });
    await vi.advanceTimersByTimeAsync(3000);
    expect(await screen.findByText('On')).toBeInTheDocument();
    const calls = api.calls('GET', '/api/instances/7').length;
    await vi.advanceTimersByTimeAsync(9000);
    expect(api.calls('GET', '/api/instances/7')).toHaveLength(calls);
    expect(screen.getByRole('button', { name: 'Power off' })).toBeEnabled();
  });

  it('retries a 500 every 3 s five times, then shows the infrastructure error with Try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status = 500;
    const api = mockApi({
      'GET /api/instances/7': () => (status === 500 ? fail(500, 'INTERNAL_ERROR') : ok(instance())),
    });
    await renderInstanceDetail();
    for (let i = 0; i < 5; i += 1) await vi.advanceTimersByTimeAsync(3000);
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong on our side' }),
    ).toBeInTheDocument();
    expect(api.calls('GET', '/api/instances/7')).toHaveLength(6);
    // Behind the error screen nothing is asked until Try again.
    await vi.advanceTimersByTimeAsync(9000);
    expect(api.calls('GET', '/api/instances/7')).toHaveLength(6);
    status = 200;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'web-1' })).toBeInTheDocument();
  });

  it('offers power on for a shut-down instance and power off for an active one', async () => {
    const api = mockApi({
      'GET /api/instances/7': ok(instance({ status: 'shutdown' })),
      'POST /api/instances/7/poweron': ok(null),
    });
    await renderInstanceDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Power on' }));
    expect(await screen.findByText('web-1 is powering on.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/instances/7/poweron')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Console' })).toBeDisabled();
  });

  it('powers off only once the dialog is confirmed; Cancel sends nothing', async () => {
    const api = mockApi({
      'GET /api/instances/7': ok(instance()),
      'POST /api/instances/7/poweroff': ok(null),
    });
    await renderInstanceDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Power off' }));
    let dialog = await screen.findByRole('dialog', { name: 'Power off web-1?' });
    expect(within(dialog).getByText(/whatever runs on it stops/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST', '/api/instances/7/poweroff')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Power off' }));
    dialog = await screen.findByRole('dialog', { name: 'Power off web-1?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Power off' }));
    expect(await screen.findByText('web-1 is powering off.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/instances/7/poweroff')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server detail when powering off fails', async () => {
    mockApi({
      'GET /api/instances/7': ok(instance()),
      'POST /api/instances/7/poweroff': fail(409, 'INSTANCE_CHANGING'),
    });
    await renderInstanceDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Power off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Power off web-1?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Power off' }));
    expect(await screen.findByText('detail of INSTANCE_CHANGING')).toBeInTheDocument();
  });

  it('restarts only after the restart phrase is typed; a 500 reads as an infrastructure error', async () => {
    const api = mockApi({
      'GET /api/instances/7': ok(instance()),
      'POST /api/instances/7/reset': fail(500, 'INFRASTRUCTURE_ERROR'),
    });
    await renderInstanceDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Restart' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Restart' });
    expect(confirm).toBeDisabled();
    fireEvent.change(await within(dialog).findByRole('textbox'), { target: { value: 'restar' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Re Start' } });
    fireEvent.click(confirm);
    expect(
      await screen.findByText('The instance could not be restarted due to an infrastructure error.'),
    ).toBeInTheDocument();
    expect(api.calls('POST', '/api/instances/7/reset')).toHaveLength(1);
  });

  it('tells a suspended instance why actions do not run', async () => {
    const api = mockApi({ 'GET /api/instances/7': ok(instance({ isSuspended: true })) });
    await renderInstanceDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Power off' }));
    expect(
      await screen.findAllByText('Access suspended due to unusual activity. Please submit a ticket.'),
    ).toHaveLength(2);
    expect(api.calls('POST', '/api/instances/7/poweroff')).toHaveLength(0);
  });

  const refund = (overrides: Record<string, unknown> = {}) =>
    ok({
      instanceId: 7,
      hostname: 'web-1',
      billingCycle: 'monthly',
      refundable: true,
      refundAmount: '6.00',
      unusedDays: 15,
      cycleEnd: '2026-02-01T10:00:00.000Z',
      ...overrides,
    });

  it('deletes once the hostname is typed, saying what is lost and refunded, and returns to the list', async () => {
    const api = mockApi({
      'GET /api/instances/7': ok(instance({ mainIpv6: '2001:db8::7' })),
      'GET /api/instances/7/subscription-refund': refund(),
      'DELETE /api/instances/7': ok(null),
      [lastSubmissionRoute('delete-instance')]: neverAnswered,
      [submitRoute('delete-instance')]: submitted('delete-instance'),
    });
    const { router } = await renderInstanceDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete web-1?' });
    expect(await within(dialog).findByText(/\$6\.00 for 15 unused days/)).toBeInTheDocument();
    const lost = within(dialog).getByRole('list', { name: 'What is lost' });
    expect(lost).toHaveTextContent('The server and everything running on it');
    expect(lost).toHaveTextContent('Its disks and all the data on them');
    expect(lost).toHaveTextContent('Its IP addresses: 203.0.113.7, 2001:db8::7');
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Delete instance' });
    const typed = await within(dialog).findByRole('textbox', { name: 'Type the hostname web-1 to confirm' });
    expect(confirm).toBeDisabled();
    fireEvent.change(typed, { target: { value: 'web-' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(typed, { target: { value: 'web-1' } });
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    expect(await screen.findByRole('heading', { name: 'Instance list' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/services/instanceList');
    expect(screen.getByText('web-1 is being deleted.')).toBeInTheDocument();
    expect(api.calls('DELETE', '/api/instances/7')).toHaveLength(1);

    // On the list it lands on, the customer is asked why, about this instance.
    const survey = await screen.findByRole('dialog', { name: 'Why did you delete your server?' });
    expect(api.calls('GET', '/api/surveys/1/last-submission')[0]?.query.get('reference')).toBe('7');
    fireEvent.click(within(survey).getByRole('checkbox', { name: 'It is too expensive' }));
    fireEvent.click(within(survey).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST', '/api/surveys/1/submit')[0]?.body).toEqual({
      reference: '7',
      choices: [{ id: 102, reason: null }],
    });
    expect(router.state.location.pathname).toBe('/services/instanceList');
  });

  it('tells an hourly instance that nothing comes back', async () => {
    mockApi({
      'GET /api/instances/7': ok(instance({ billingCycle: 'hourly' })),
      'GET /api/instances/7/subscription-refund': refund({
        billingCycle: 'hourly',
        refundable: false,
        refundAmount: '0.00',
        unusedDays: 0,
        cycleEnd: null,
      }),
    });
    await renderInstanceDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete web-1?' });
    expect(
      await within(dialog).findByText(
        'Billed by the hour: nothing is refunded, and charges stop once the server is deleted.',
      ),
    ).toBeInTheDocument();
  });

  it('asks for the hostname again when the delete dialog is opened again', async () => {
    mockApi({
      'GET /api/instances/7': ok(instance()),
      'GET /api/instances/7/subscription-refund': refund(),
    });
    await renderInstanceDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.change(await within(await screen.findByRole('dialog')).findByRole('textbox'), {
      target: { value: 'web-1' },
    });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox')).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Delete instance' })).toBeDisabled();
  });
});
