import { LOG_LOAD_MORE_THRESHOLD } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import { logEntry } from '../account.test-helpers';
import { isHiddenEntry, nextLogCursor, shouldOfferLoadMore, visibleEntries } from './activity-paging';

const page = (n: number) => Array.from({ length: n }, (_, i) => logEntry('login', {}, i));

describe('load more', () => {
  it('is offered only above the threshold of 18 and while the log goes on', () => {
    expect(LOG_LOAD_MORE_THRESHOLD).toBe(18);
    expect(shouldOfferLoadMore(18, true)).toBe(false);
    expect(shouldOfferLoadMore(19, true)).toBe(true);
    expect(shouldOfferLoadMore(40, false)).toBe(false);
  });

  it('continues from the oldest entry of a full page', () => {
    const full = page(20);
    expect(nextLogCursor(full, 20)).toBe(full[19]?.timestamp);
  });

  it('ends at an empty or short page', () => {
    expect(nextLogCursor([], 20)).toBeUndefined();
    expect(nextLogCursor(page(7), 20)).toBeUndefined();
  });
});

describe('hidden entries', () => {
  it('hides mails about DDoS protection and backups, whatever the case', () => {
    expect(isHiddenEntry(logEntry('email_sent', { subject: 'Your DDoS protection is active' }))).toBe(true);
    expect(isHiddenEntry(logEntry('email_sent', { subject: 'Weekly BACKUP report' }))).toBe(true);
    expect(isHiddenEntry(logEntry('email_sent', { subject: 'Reset your password' }))).toBe(false);
    expect(isHiddenEntry(logEntry('profile_updated', { subject: 'backup' }))).toBe(false);
  });

  it('keeps the order of what remains', () => {
    const a = logEntry('login');
    const hidden = logEntry('email_sent', { subject: 'ddos' });
    const b = logEntry('registered');
    expect(visibleEntries([a, hidden, b])).toEqual([a, b]);
  });
});
