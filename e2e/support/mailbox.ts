import { type APIRequestContext, expect } from '@playwright/test';
import { escapeRegExp } from './regexp';

/** The key the browser tests' server is started with (DEV_MAILBOX_KEY, see playwright.config.ts). */
export const MAILBOX_KEY = 'e2e-mailbox-key-not-a-secret';

/** The mailbox page of one mail, with the key it needs. */
export const mailPage = (id: number) => `/dev/mailbox/${id}?key=${MAILBOX_KEY}`;

/** One mail of the development mailbox (`GET /dev/mailbox.json`). */
export interface Mail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  locale: string;
  createdAt: string;
}

async function mailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const response = await request.get('/dev/mailbox.json', {
    params: { to },
    headers: { 'x-mailbox-key': MAILBOX_KEY },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: Mail[] }).data;
}

/**
 * Waits for the newest mail of a template to a recipient. `after` skips mail already seen (an id), so
 * a second mail of the same template is not mistaken for the first.
 */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  template: string,
  after = 0,
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, to)).find((m) => m.template === template && m.id > after);
        return found?.id ?? null;
      },
      { message: `a "${template}" mail to ${to}`, timeout: 15_000 },
    )
    .not.toBeNull();
  return found!;
}

/** The first link in the mail's text part whose path starts with `path`. */
export function linkIn(mail: Mail, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]*${escapeRegExp(path)}[^\\s"<>]*`).exec(mail.text);
  if (!match) throw new Error(`No link to ${path} in mail ${mail.id}:\n${mail.text}`);
  return match[0];
}

/** The 6-digit verification code of the mail: a line of its own (the link's token may hold digits too). */
export function codeIn(mail: Mail): string {
  const match = /^\s*(\d{6})\s*$/m.exec(mail.text);
  if (!match?.[1]) throw new Error(`No 6-digit code in mail ${mail.id}:\n${mail.text}`);
  return match[1];
}
