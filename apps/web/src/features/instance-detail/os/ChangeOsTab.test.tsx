import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, instance, mockApi, ok, renderInstanceDetail } from '../instance-detail.test-helpers';
// Loaded up front: the page loads this tab lazily, which on a busy machine can outlast a find's wait.
import './ChangeOsTab';

const version = (id: number, name: string, minRam = 512) => ({
  id,
  name,
  isActive: true,
  disabled: false,
  minRam,
  withPanel: false,
});
const os = {
  os: [
    { name: 'ubuntu', displayName: 'Ubuntu', icon: '', versions: [version(3, '24.04'), version(4, '22.04')] },
    {
      name: 'windows',
      displayName: 'Windows',
      icon: '',
      versions: [version(9, 'Server 2022 Standard', 2048), version(10, '11 Pro', 4096)],
    },
  ],
};
const open = () => renderInstanceDetail('/instances/7/os');
const changeButton = () => screen.findByRole('button', { name: 'Change OS' });
const reinstallButton = () => screen.findByRole('button', { name: 'Reinstall' });
const checkboxes = () =>
  screen.getAllByRole('checkbox', {
    name: "I understand that all data on the instance's disk will be lost.",
  });

describe('change OS tab', () => {
  it('changes the OS only with another image chosen and the data-loss box ticked, then shows the password once', async () => {
    const api = mockApi({
      'GET /api/instances/7': ok(instance()),
      'GET /api/os': ok(os),
      'POST /api/instances/7/change-os': ok({ data: { password: 'N3w-Os-Pass' } }),
    });
    await open();
    expect(await changeButton()).toBeDisabled();
    fireEvent.click(await screen.findByRole('radio', { name: 'Windows' }));
    expect(await screen.findByText('180-day trial licence')).toBeInTheDocument();
    expect(await changeButton()).toBeDisabled();
    // Another image is chosen: reinstall waits for the current one.
    expect(await reinstallButton()).toBeDisabled();
    fireEvent.click(checkboxes()[0]!);
    fireEvent.click(await changeButton());
    const dialog = await screen.findByRole('dialog', { name: 'New password' });
    expect(within(dialog).getByText('N3w-Os-Pass')).toBeInTheDocument();
    expect(within(dialog).getByText(/Administrator/)).toBeInTheDocument();
    expect(api.calls('POST', '/api/instances/7/change-os')[0]?.body).toEqual({ osId: 9 });
    expect(screen.getByText('web-1 is being rebuilt with the new operating system.')).toBeInTheDocument();
  });

  it('reinstalls the current image after its own box is ticked', async () => {
    const api = mockApi({
      'GET /api/instances/7': ok(instance()),
      'GET /api/os': ok(os),
      'POST /api/instances/7/change-os': ok({ data: { password: 'Again-1' } }),
    });
    await open();
    expect(await reinstallButton()).toBeDisabled();
    fireEvent.click(checkboxes()[1]!);
    fireEvent.click(await reinstallButton());
    await screen.findByRole('dialog', { name: 'New password' });
    expect(api.calls('POST', '/api/instances/7/change-os')[0]?.body).toEqual({ osId: 3 });
  });

  it.each([
    [
      'a refusal',
      fail(400, 'OS_NEEDS_MORE_MEMORY', {}, 'This image needs at least 4 GB of memory.'),
      'This image needs at least 4 GB of memory.',
    ],
    [
      'a 500',
      fail(500, 'INFRASTRUCTURE_ERROR'),
      'The operating system could not be installed because of an infrastructure error. Please try again later.',
    ],
  ])('says what went wrong on %s', async (_case, answer, text) => {
    mockApi({
      'GET /api/instances/7': ok(instance()),
      'GET /api/os': ok(os),
      'POST /api/instances/7/change-os': answer,
    });
    await open();
    fireEvent.click(await screen.findByRole('radio', { name: 'Ubuntu' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Ubuntu version' }));
    fireEvent.click(await screen.findByRole('option', { name: '22.04' }));
    fireEvent.click(checkboxes()[0]!);
    fireEvent.click(await changeButton());
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it.each([
    [
      'rescue',
      instance({ status: 'rescue' }),
      'Leave rescue mode to change or reinstall the operating system.',
    ],
    ['an ISO', instance({ isoId: 2 }), 'Eject the custom ISO to change or reinstall the operating system.'],
  ])('says why nothing can be rebuilt in %s', async (_case, answer, reason) => {
    mockApi({ 'GET /api/instances/7': ok(answer), 'GET /api/os': ok(os) });
    await open();
    expect(await screen.findByText(reason)).toBeInTheDocument();
    fireEvent.click(checkboxes()[1]!);
    expect(await reinstallButton()).toBeDisabled();
  });
});
