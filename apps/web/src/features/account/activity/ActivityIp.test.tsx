import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onSmallScreen, onWideScreen } from '../../../test/screen-size';
import { logEntry, mockApi, ok, renderAccount } from '../account.test-helpers';
import { ActivityLogTab } from './ActivityLogTab';

/** A sign-in (the customer's address) and an instance event (its server's address), in one log. */
const log = [
  logEntry('login', { ip: '198.51.100.4' }, 1),
  {
    ...logEntry('instance_powered_off', { hostname: 'web-1' }, 2),
    payload: { mainIp: '203.0.113.7' },
    iid: 7,
  },
];

describe('activity log addresses', () => {
  it('says in the table whose address each is: the customer’s or the server’s', async () => {
    onWideScreen();
    mockApi({ 'GET /api/logs': ok({ logs: log }) });
    await renderAccount(<ActivityLogTab />, '/account/log');
    const table = await screen.findByRole('table');
    const ipCell = (row: HTMLElement) => within(row).getAllByRole('cell').at(-1);
    const [, signIn, powerOff] = within(table).getAllByRole('row');
    expect(ipCell(signIn!)).toHaveTextContent('198.51.100.4Your IP');
    expect(ipCell(powerOff!)).toHaveTextContent('203.0.113.7Server IP');
  });

  it('says it on small screens too', async () => {
    onSmallScreen();
    mockApi({ 'GET /api/logs': ok({ logs: log }) });
    await renderAccount(<ActivityLogTab />, '/account/log');
    expect(await screen.findByText('Your IP:', { exact: false })).toHaveTextContent('Your IP: 198.51.100.4');
    expect(screen.getByText('Server IP:', { exact: false })).toHaveTextContent('Server IP: 203.0.113.7');
  });
});
