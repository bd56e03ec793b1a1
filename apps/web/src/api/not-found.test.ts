import { describe, expect, it } from 'vitest';
import { redirectsToNotFound } from './not-found';

describe('the GET 404 rule (platform.md §8)', () => {
  it.each(['/tickets/12', '/v2/invoices/7', '/followups?ticketId=3', '/applications/99', '/media/5'])(
    'sends a GET of %s answering 404 to the not-found page',
    (path) => {
      expect(redirectsToNotFound('GET', 404, path)).toBe(true);
    },
  );

  it.each([
    '/plans',
    '/coupon/SPRING',
    '/instances/5/network-stats',
    '/instances/5',
    '/instances/5/subscription-refund',
    '/features',
    '/auto-recharge/3',
    '/iso/8/instances',
    '/backups?instanceId=4',
    '/logs?instanceId=4&endTimestamp=1700000000',
  ])('leaves a 404 of %s to the screen that asked', (path) => {
    expect(redirectsToNotFound('GET', 404, path)).toBe(false);
  });

  it('reads the path, not the query: a search that mentions an exception does not change the answer', () => {
    expect(redirectsToNotFound('GET', 404, '/tickets?search=iso%20image')).toBe(true);
    expect(redirectsToNotFound('GET', 404, '/invoices?status=features')).toBe(true);
  });

  it('concerns only a GET that answered 404', () => {
    expect(redirectsToNotFound('DELETE', 404, '/ssh-keys/4')).toBe(false);
    expect(redirectsToNotFound('POST', 404, '/tickets')).toBe(false);
    expect(redirectsToNotFound('GET', 403, '/tickets/12')).toBe(false);
    expect(redirectsToNotFound('GET', 500, '/tickets/12')).toBe(false);
    expect(redirectsToNotFound('get', 404, '/tickets/12')).toBe(true);
  });
});
