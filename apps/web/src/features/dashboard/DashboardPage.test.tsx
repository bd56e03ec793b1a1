import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, logEntry, mockApi, ok, renderAccount, testUser } from '../account/test-utils';
import { DashboardPage } from './DashboardPage';

const log = [
  logEntry('email_sent', { subject: 'DDoS protection enabled' }, 0),
  ...Array.from({ length: 7 }, (_, i) => logEntry('login', { ip: `10.0.0.${i}` }, i + 1)),
];

describe('DashboardPage', () => {
  it('greets the customer and shows the last 5 visible activity entries', async () => {
    mockApi({ 'GET /api/auth/user-info': ok(testUser), 'GET /api/logs': ok({ logs: log }) });
    await renderAccount(<DashboardPage />, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Hello, Ada Lovelace' })).toBeInTheDocument();
    expect(await screen.findByText('Signed in from 10.0.0.4')).toBeInTheDocument();
    expect(screen.queryByText('Signed in from 10.0.0.5')).not.toBeInTheDocument();
    expect(screen.queryByText(/DDoS/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View full activity log' })).toHaveAttribute(
      'href',
      '/account/log',
    );
    expect(screen.queryByText('Verify your email address')).not.toBeInTheDocument();
  });

  it('leads an unverified customer to the verification', async () => {
    const unverified = {
      ...testUser,
      accountState: 'unverified',
      email: { ...testUser.email, isVerified: false },
    };
    mockApi({ 'GET /api/auth/user-info': ok(unverified), 'GET /api/logs': ok({ logs: [] }) });
    await renderAccount(<DashboardPage />, '/dashboard');
    expect(await screen.findByText('Verify your email address')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify email' })).toHaveAttribute(
      'href',
      '/account/email?verify=true',
    );
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
  });

  it('keeps the page when the activity fails, with a retry', async () => {
    mockApi({ 'GET /api/auth/user-info': ok(testUser), 'GET /api/logs': fail(500, 'INTERNAL_ERROR') });
    await renderAccount(<DashboardPage />, '/dashboard');
    expect(await screen.findByText('We could not load the activity log.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });
});
