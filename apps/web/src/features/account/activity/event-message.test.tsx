import { type ActivityLogEntry, activityEvents } from '@nimbus/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/en/account.json';
import { moneyFormat } from '../../../lib/money';
import { logEntry, renderAccount } from '../account.test-helpers';
import { ActivityEntries } from './ActivityEntries';
import { eventMessage as messageWith } from './event-message';

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.entries(tree).reduce<Record<string, string>>((acc, [k, v]) => {
    if (typeof v === 'string') acc[prefix + k] = v;
    else Object.assign(acc, flatten(v, `${prefix}${k}.`));
    return acc;
  }, {});

/** The message of an entry, amounts in the default catalogue's sign. */
const eventMessage = (entry: ActivityLogEntry) => messageWith(entry, moneyFormat('$').money);

describe('eventMessage', () => {
  it('uses the detail an event carries', () => {
    expect(eventMessage(logEntry('login', { ip: '203.0.113.9' }))).toMatchObject({
      key: 'activity.events.login_from',
      values: { ip: '203.0.113.9' },
    });
    expect(eventMessage(logEntry('login')).key).toBe('activity.events.login');
    expect(eventMessage(logEntry('email_changed', { newEmail: 'new@example.com' })).key).toBe(
      'activity.events.email_changed_to',
    );
    // Seen on the dashboard as "Custom ISO {{name}} imported" before the name was passed on.
    expect(eventMessage(logEntry('iso_imported', { name: 'Debian netinst' }))).toMatchObject({
      key: 'activity.events.iso_imported',
      values: { name: 'Debian netinst' },
    });
  });

  it('names known mails, by template or subject, and falls back for others', () => {
    expect(eventMessage(logEntry('email_sent', { template: 'reset-password' })).key).toBe(
      'activity.mail.reset-password',
    );
    expect(eventMessage(logEntry('email_sent', { subject: 'Nimbus: verify-new-email' })).key).toBe(
      'activity.mail.verify-new-email',
    );
    expect(eventMessage(logEntry('email_sent', { subject: 'Spring offers' })).key).toBe(
      'activity.mail.generic',
    );
    expect(eventMessage(logEntry('email_sent')).key).toBe('activity.mail.unnamed');
  });

  it('words an operator adjustment as credit added or removed', () => {
    const adjusted = (amount: string) => ({
      ...logEntry('credit_adjusted'),
      data: { amount, reason: 'Goodwill' },
    });
    expect(eventMessage(adjusted('5.00'))).toMatchObject({
      key: 'activity.events.credit_added',
      values: { amount: '$5.00' },
    });
    expect(eventMessage(adjusted('-58.00'))).toMatchObject({
      key: 'activity.events.credit_removed',
      values: { amount: '$58.00' },
    });
  });

  it('says how much came back, in the panel money format, for refunds and failed creations', () => {
    const failed = {
      ...logEntry('instance_creation_failed'),
      data: { hostname: 'web-1', refundAmount: '7.02' },
    };
    expect(eventMessage(failed)).toMatchObject({
      key: 'activity.instance.instance_creation_failed_refunded',
      values: { hostname: 'web-1', amount: '$7.02' },
    });
    const refunded = { ...logEntry('instance_refunded'), data: { hostname: 'web-1', amount: '6.76' } };
    expect(eventMessage(refunded).values.amount).toBe('$6.76');
  });

  it('has English words for every event of the contract (every language has what English has)', () => {
    const words = flatten(en as Tree);
    const missing = activityEvents.filter((event) => !(eventMessage(logEntry(event)).key in words));
    expect(missing).toEqual([]);
  });

  it('makes an event of a later release readable', () => {
    expect(eventMessage(logEntry('floating_ip_released'))).toMatchObject({
      key: 'activity.events.other',
      values: { event: 'Floating ip released' },
    });
  });
});

describe('ActivityEntries', () => {
  it('renders each entry as a translated sentence with its data and IP', async () => {
    const entries = [
      logEntry('login', { ip: '203.0.113.9' }),
      logEntry('email_changed', { newEmail: 'new@example.com', ip: '198.51.100.4' }),
      logEntry('email_sent', { subject: 'Spring offers' }),
      logEntry('profile_updated'),
      logEntry('profile_updated', { fields: ['city', 'phone'] }),
      logEntry('api_token_created', { prefix: 'nmb_ab12' }),
    ];
    await renderAccount(<ActivityEntries entries={entries} label="Log" />);
    expect(await screen.findByText('Signed in from 203.0.113.9')).toBeInTheDocument();
    expect(screen.getByText('Email address changed to new@example.com')).toBeInTheDocument();
    expect(screen.getByText('Email sent: Spring offers')).toBeInTheDocument();
    expect(screen.getByText('Profile updated')).toBeInTheDocument();
    expect(screen.getByText('198.51.100.4')).toBeInTheDocument();
    expect(screen.getByText('Profile updated: City and Phone')).toBeInTheDocument();
    expect(screen.getByText('API token nmb_ab12… created')).toBeInTheDocument();
    expect(screen.getAllByText(/January 10, 2026/)).toHaveLength(6);
  });
});
