import { expect, test } from '@playwright/test';
import { operatorCli } from '../support/billing';
import { api, readyCustomer } from '../support/instances';

test('a staff reply shows in the bell without a reload, and opening it reads it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await readyCustomer(page, request, 'notify');
  const opened = await request.post('/api/tickets', {
    headers: api(customer.tokens),
    data: { title: 'Reverse DNS', department: 'support', message: 'Please set the PTR of my address.' },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const ticketId = ((await opened.json()) as { data: { id: number } }).data.id;

  await page.goto('/dashboard');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');
  await bell.click();
  await expect(page.getByRole('menu').getByText('No notifications')).toBeVisible();
  await page.keyboard.press('Escape');

  // Staff answer from the operator command: the event stream brings it to the open page.
  await operatorCli('ticket', 'reply', String(ticketId), '--message', 'Done: the PTR now names your server.');
  await expect(bell).toHaveAccessibleName('Notifications, unread: 1');

  await bell.click();
  const item = page.getByRole('menuitem', {
    name: new RegExp(`Support replied to ticket #${ticketId}: Reverse DNS`),
  });
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/support/${ticketId}$`));
  await expect(page.getByText('Done: the PTR now names your server.')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');

  // The page keeps it, read, and has nothing left to mark.
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('link', { name: /Support replied to ticket/ })).toHaveAttribute(
    'href',
    `/support/${ticketId}`,
  );
  await expect(list.getByText('Unread:')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
});
