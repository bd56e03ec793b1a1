import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../test/api';
import { pageRoute, renderRoutes } from '../../test/render';
import { instance } from '../instance-detail/instance-detail.test-helpers';
import { ConsolePage } from './ConsolePage';
import { consoleSocketUrl } from './queries';
import { SpicePage } from './SpicePage';

const render = (url: string) =>
  renderRoutes(url, (root) => [pageRoute(root, '/novnc', ConsolePage), pageRoute(root, '/spice', SpicePage)]);

describe('the remote console page', () => {
  it('says where to open it from without an instance', async () => {
    mockApi({});
    await render('/novnc');
    expect(await screen.findByText('Open the console from an instance’s page.')).toBeInTheDocument();
  });

  it('shows why the server refused the console, with Reconnect', async () => {
    const api = mockApi({
      'GET /api/instances/7': ok(instance({ status: 'shutdown' })),
      'POST /api/instances/7/console': fail(
        409,
        'NOT_AVAILABLE',
        {},
        'The console works while the instance is on or in rescue mode.',
      ),
    });
    await render('/novnc?instanceId=7');
    expect(
      await screen.findByText('The console works while the instance is on or in rescue mode.', undefined, {
        timeout: 5000,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Not connected');
    expect(screen.getByRole('button', { name: 'Send Ctrl+Alt+Del' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reconnect' })).toBeEnabled();
    expect(api.calls('POST', '/api/instances/7/console')).toHaveLength(1);
  });

  it('opens the WebSocket on the panel’s own origin, secure when the panel is', () => {
    const at = (href: string) => new URL(href) as unknown as Location;
    expect(consoleSocketUrl(7, 'a+b', at('https://panel.example/novnc?instanceId=7'))).toBe(
      'wss://panel.example/api/instances/7/console?ticket=a%2Bb',
    );
    expect(consoleSocketUrl(7, 't', at('http://127.0.0.1:8080/novnc'))).toBe(
      'ws://127.0.0.1:8080/api/instances/7/console?ticket=t',
    );
  });

  it('says which drivers offer SPICE and opens the VNC console of the same instance', async () => {
    mockApi({});
    await render('/spice?instanceId=7');
    expect(await screen.findByRole('heading', { name: 'SPICE console' })).toBeInTheDocument();
    expect(screen.getByText(/libvirt\/QEMU and Proxmox VE/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the VNC console' })).toHaveAttribute(
      'href',
      '/novnc?instanceId=7',
    );
  });
});
