import { rescuePasswordProblem } from '@nimbus/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, instance, mockApi, ok, renderInstanceDetail } from '../instance-detail.test-helpers';
// Loaded up front: the page loads this tab lazily, which on a busy machine can outlast a find's wait.
import './RescueTab';

const open = () => renderInstanceDetail('/instances/7/rescuemode');
const passwordInput = () => screen.findByLabelText(/^Rescue password/);
const confirmInput = () => screen.findByLabelText(/^Confirm rescue password/);
const enableButton = () => screen.findByRole('button', { name: 'Enable rescue mode' });

async function typePasswords(password: string, confirm = password) {
  fireEvent.change(await passwordInput(), { target: { value: password } });
  fireEvent.change(await confirmInput(), { target: { value: confirm } });
}

describe('rescue mode tab', () => {
  it('enables rescue with the trimmed password and shows the instance in rescue', async () => {
    let status = 'active';
    const api = mockApi({
      'GET /api/instances/7': () => ok(instance({ status: status as 'active' })),
      'POST /api/instances/7/rescue-mode': () => {
        status = 'rescue';
        return ok(instance({ status: 'rescue' }));
      },
    });
    await open();
    await typePasswords('  Rescue123 ', 'Rescue123');
    fireEvent.click(await enableButton());
    expect(await screen.findByText('web-1 is restarting in rescue mode.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/instances/7/rescue-mode')[0]?.body).toEqual({ password: 'Rescue123' });
    expect(await screen.findByText('This instance is in rescue mode.')).toBeInTheDocument();
    expect(screen.getByText(/Connect with SSH as root to 203\.0\.113\.7/)).toBeInTheDocument();
  });

  it('asks for both fields with a toast, and says which rule a password breaks', async () => {
    const api = mockApi({ 'GET /api/instances/7': ok(instance()) });
    await open();
    fireEvent.click(await enableButton());
    expect(await screen.findByText('Enter the rescue password in both fields.')).toBeInTheDocument();
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);

    await typePasswords('rescue123');
    fireEvent.click(await enableButton());
    expect(
      await screen.findByText(
        'The password must contain a lowercase letter, an uppercase letter and a digit.',
      ),
    ).toBeInTheDocument();
    await typePasswords('Rescue123', 'Rescue124');
    fireEvent.click(await enableButton());
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    await typePasswords('Abc12');
    fireEvent.click(await enableButton());
    expect(await screen.findByText('The password must be at least 8 characters long.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/instances/7/rescue-mode')).toHaveLength(0);
  });

  it('generates a password that keeps the rules, fills both fields and shows it to copy', async () => {
    mockApi({ 'GET /api/instances/7': ok(instance()) });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Generate password' }));
    const shown = (await screen.findByTestId('generated-rescue-password')).textContent ?? '';
    expect(shown).toHaveLength(8);
    expect(rescuePasswordProblem(shown)).toBeNull();
    expect(await passwordInput()).toHaveValue(shown);
    expect(await confirmInput()).toHaveValue(shown);
    expect(screen.getByRole('button', { name: 'Copy rescue password' })).toBeInTheDocument();
  });

  it.each([
    [
      fail(409, 'ALREADY_IN_RESCUE', {}, 'The instance is already in rescue mode.'),
      'The instance is already in rescue mode.',
    ],
    [fail(500, 'INFRASTRUCTURE_ERROR'), 'Rescue mode could not be enabled. Please try again.'],
  ])(
    "shows the server's reason when enabling is refused, and a plain failure on a 500",
    async (answer, text) => {
      mockApi({
        'GET /api/instances/7': ok(instance()),
        'POST /api/instances/7/rescue-mode': answer,
      });
      await open();
      await typePasswords('Rescue123');
      fireEvent.click(await enableButton());
      expect(await screen.findByText(text)).toBeInTheDocument();
    },
  );

  it('tells a suspended instance why instead of calling the API', async () => {
    const api = mockApi({ 'GET /api/instances/7': ok(instance({ isSuspended: true, status: 'suspended' })) });
    await open();
    await typePasswords('Rescue123');
    fireEvent.click(await enableButton());
    expect(
      await screen.findByText('Access suspended due to unusual activity. Please submit a ticket.'),
    ).toBeInTheDocument();
    expect(api.calls('POST', '/api/instances/7/rescue-mode')).toHaveLength(0);
  });

  it('disables Enable while the instance is changing', async () => {
    mockApi({ 'GET /api/instances/7': ok(instance({ status: 'taking_snapshot' })) });
    await open();
    expect(await enableButton()).toBeDisabled();
  });

  it.each([
    [ok(instance({ status: 'active' })), 'web-1 is restarting into its own system.'],
    [
      fail(500, 'INFRASTRUCTURE_ERROR'),
      'Something went wrong while attempting the action. Please give it another try.',
    ],
  ])('leaves rescue only after confirmation, and says how it went', async (answer, text) => {
    const api = mockApi({
      'GET /api/instances/7': ok(instance({ status: 'rescue' })),
      'DELETE /api/instances/7/rescue-mode': answer,
    });
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Leave rescue mode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave rescue mode on web-1?' });
    expect(api.calls('DELETE', '/api/instances/7/rescue-mode')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave rescue mode' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(api.calls('DELETE', '/api/instances/7/rescue-mode')).toHaveLength(1);
  });

  it('tells that rescue was left even when server push shows the instance out of rescue first', async () => {
    let status: 'rescue' | 'active' = 'rescue';
    let release: (answer: ReturnType<typeof ok>) => void = () => {};
    mockApi({
      'GET /api/instances/7': () => ok(instance({ status })),
      'DELETE /api/instances/7/rescue-mode': () => new Promise((resolve) => (release = resolve)),
    });
    const { queryClient } = await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Leave rescue mode' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave rescue mode on web-1?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave rescue mode' }));
    // The instance event arrives before the call's own answer: the tab shows the enable form again.
    status = 'active';
    await queryClient.invalidateQueries({ queryKey: ['instances'] });
    expect(await enableButton()).toBeInTheDocument();
    release(ok(instance({ status: 'active' })));
    expect(await screen.findByText('web-1 is restarting into its own system.')).toBeInTheDocument();
  });
});
