import { expect, test } from '@playwright/test';
import { operatorCli } from '../support/billing';
import { api, readyCustomer } from '../support/instances';
import { toast } from '../support/ui';

/** A 1×1 PNG: a real image the server decodes and re-encodes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('a customer opens a ticket about an instance with files, reads the staff reply, rates it, resolves and reopens it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const customer = await readyCustomer(page, request, 'support');
  const created = await request.post('/api/instances', {
    headers: api(customer.tokens),
    data: { productId: 1, region: 1, osId: 101, hostnames: ['help-me'], billingCycle: 'hourly' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const instanceId = (await created.json()).data.results[0].instanceId as number;

  await page.goto('/support');
  await expect(page.getByRole('heading', { name: 'Support', level: 1 })).toBeVisible();
  await expect(page.getByText('No tickets yet')).toBeVisible();

  // From the instance's Tickets tab, the new ticket is about that instance.
  await page.goto(`/instances/${instanceId}/ticket`);
  await expect(page.getByText('No tickets about this instance')).toBeVisible();
  await page.getByRole('link', { name: 'New ticket' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/support/new-ticket\\?instanceId=${instanceId}$`));
  await expect(page.getByRole('combobox', { name: 'Instance' })).toHaveValue(String(instanceId));
  await page.getByRole('combobox', { name: 'Department' }).selectOption({ label: 'Support' });
  await page.getByRole('textbox', { name: 'Subject' }).fill('SSH');
  await page.getByRole('textbox', { name: 'Message' }).fill('Port 22 is closed since this morning.');
  await page.getByRole('button', { name: 'Send ticket' }).click();
  await expect(page.getByText('The subject must be at least 4 characters long.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Subject' }).fill('SSH stopped answering');

  // Files are uploaded as they are picked; a program renamed .png is refused by its content.
  const files = page.getByLabel('Attach files');
  await files.setInputFiles([
    { name: 'screen.png', mimeType: 'image/png', buffer: PNG },
    { name: 'setup.png', mimeType: 'image/png', buffer: Buffer.from('MZ\x90\x00 not an image', 'latin1') },
    { name: 'auth.log.txt', mimeType: 'text/plain', buffer: Buffer.from('sshd: Connection refused\n') },
  ]);
  const attached = page.getByRole('list', { name: 'Attached files' });
  await expect(attached.getByText(/Not attached: .*not a PNG image/)).toBeVisible();
  await attached.getByRole('button', { name: 'Remove setup.png' }).click();
  await expect(attached.getByText('screen.png')).toBeVisible();
  await page.getByRole('button', { name: 'Send ticket' }).click();
  await expect(toast(page, /Ticket #\d+ was sent/)).toBeVisible();
  await expect(page).toHaveURL(/\/support\/\d+$/);
  const ticketId = Number(new URL(page.url()).pathname.split('/').pop());

  await expect(page.getByRole('heading', { name: 'SSH stopped answering' })).toBeVisible();
  await expect(page.getByText('Port 22 is closed since this morning.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Download screen\.png/ })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /Download auth\.log\.txt/ }).click();
  expect((await download).suggestedFilename()).toBe('auth.log.txt');

  // Staff answer from the operator command; the open page hears of it by server push.
  const shown = await operatorCli('ticket', 'show', String(ticketId));
  expect(shown).toContain('screen.png');
  expect(shown).toContain('help-me');
  await operatorCli(
    'ticket',
    'reply',
    String(ticketId),
    '--message',
    'Your firewall blocked port 22; it is open again.',
    '--as',
    'Grace',
  );
  await expect(page.getByText('Your firewall blocked port 22; it is open again.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('Grace')).toBeVisible();
  await expect(page.getByText('Answered').first()).toBeVisible();
  const helpful = page.getByRole('button', { name: 'Helpful', exact: true });
  await helpful.click();
  await expect(helpful).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Mark as resolved' }).click();
  await page
    .getByRole('dialog', { name: 'Mark this ticket as resolved?' })
    .getByRole('button', { name: 'Mark as resolved' })
    .click();
  // The survey opens at once (modal: the toast behind it is found by its text).
  await expect(
    page.locator('.MuiSnackbar-root').filter({ hasText: 'The ticket is marked as resolved.' }),
  ).toBeVisible();
  await expect(page.getByText(/This ticket is resolved/)).toBeVisible();

  // Resolving offers the ticket-satisfaction survey; closed, it waits as a button; five stars invite a review.
  const survey = page.getByRole('dialog', { name: 'How happy are you with the help you got?' });
  await expect(survey).toBeVisible();
  await survey.getByRole('button', { name: 'Later' }).click();
  await expect(survey).toBeHidden();
  await page.getByRole('button', { name: 'Answer the survey' }).click();
  // A star is chosen by clicking it (its label); the radio inputs underneath are visually hidden.
  await survey.locator('label').filter({ hasText: '5 stars' }).click();
  await expect(survey.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await survey.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.locator('.MuiSnackbar-root').filter({ hasText: 'Thank you for your feedback.' }),
  ).toBeVisible();
  const review = page.getByRole('dialog', { name: 'Thank you!' });
  await expect(review.getByRole('link', { name: 'Write a review' })).toHaveAttribute('target', '_blank');
  await review.getByRole('button', { name: 'No thanks' }).click();
  await expect(review).toBeHidden();

  await page.getByRole('textbox', { name: 'Your reply' }).fill('It is back again since ten minutes ago.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(toast(page, 'Your reply was sent.')).toBeVisible();
  await expect(page.getByText('Awaiting reply').first()).toBeVisible();

  // The list and the dashboard show it; a filter of another department does not.
  await page.goto('/support');
  const row = page.getByRole('row', { name: /SSH stopped answering/ });
  await expect(row).toContainText('Awaiting reply');
  await page.goto('/dashboard');
  await expect(page.getByRole('row', { name: /SSH stopped answering/ })).toBeVisible();

  // A closed ticket takes no reply.
  await operatorCli('ticket', 'status', String(ticketId), 'closed');
  await page.goto(`/support/${ticketId}`);
  await expect(page.getByText(/This ticket is closed/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your reply' })).toHaveCount(0);
});
