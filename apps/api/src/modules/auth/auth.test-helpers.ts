import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../db/client';
import { mailOutbox } from '../mail/mail.tables';

/** Test-only helpers shared by the auth, account and activity-log test files. */

export const STRONG_PASSWORD = 'correct-horse!1';

/** Rate limits high enough that a test file's own calls never hit them. */
export const relaxedLimits = { RATE_LIMIT_AUTH_MAX: 10_000, RATE_LIMIT_GLOBAL_MAX: 100_000 };

let counter = 0;
export const uniqueEmail = (name = 'user') => `${name}.${Date.now()}.${++counter}@example.com`;

export interface SignedUp {
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  headers: { 'x-token': string };
}

export async function signUp(
  app: FastifyInstance,
  overrides: { email?: string; password?: string; fullname?: string; headers?: Record<string, string> } = {},
): Promise<SignedUp> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? STRONG_PASSWORD;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: overrides.headers,
    payload: { fullname: overrides.fullname ?? 'Ada Lovelace', email, password, acceptTerms: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { accessToken, refreshToken } = res.json().data;
  return { email, password, accessToken, refreshToken, headers: { 'x-token': accessToken } };
}

export async function signIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/auth/customer-login', payload: { email, password } });
}

export const userInfo = (app: FastifyInstance, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/auth/user-info', headers });

export const refresh = (app: FastifyInstance, refreshToken: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/refresh-token',
    headers: { 'x-refresh-token': refreshToken },
  });

/** The newest mail of a template to an address, as the mail module rendered it. */
export async function lastMail(db: Database, to: string, template: string) {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, template)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  expect(row, `no ${template} mail to ${to}`).toBeTruthy();
  return row!;
}

export async function mailCount(db: Database, to: string, template: string) {
  const rows = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, template)));
  return rows.length;
}

/** The link (as a path under the panel's origin) and the code written into a mail. */
export function linkAndCode(mail: { text: string }) {
  const link = /https?:\/\/\S+?(\/\S*token=[\w-]+)/.exec(mail.text);
  const code = /(?<!\d)(\d{6})(?!\d)/.exec(mail.text.replace(/https?:\/\/\S+/g, ''));
  return { path: link?.[1] ?? null, token: link?.[1]?.split('token=')[1] ?? null, code: code?.[1] ?? null };
}

export async function activityEvents(app: FastifyInstance, headers: Record<string, string>) {
  const res = await app.inject({ method: 'GET', url: '/api/logs?limit=100', headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.logs as { event: string; data: Record<string, unknown> }[]).map((l) => l.event);
}
