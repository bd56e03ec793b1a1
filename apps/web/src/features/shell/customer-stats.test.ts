import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../test/api';
import { googleAnalyticsClientId, recordCustomerStats } from './customer-stats';

const gaCookie = 'nimbus.lang=de; _ga=GA1.1.1827526090.1689745728; _ga_9XQMZ2E7TH=GS1.1.1689765380.3.1';

describe('the Google Analytics client id', () => {
  it('is the last two numbers of the _ga cookie', () => {
    expect(googleAnalyticsClientId(gaCookie)).toBe('1827526090.1689745728');
    expect(googleAnalyticsClientId('_ga=GA1.2.42.7')).toBe('42.7');
  });

  it('is none without the cookie or with a value that is not one', () => {
    expect(googleAnalyticsClientId('')).toBeNull();
    expect(googleAnalyticsClientId('_ga_9XQMZ2E7TH=GS1.1.1689765380.3.1')).toBeNull();
    expect(googleAnalyticsClientId('_ga=tracking-off')).toBeNull();
  });
});

describe('recording the customer stats', () => {
  it('sends the client id once for the account, not again on the next page load', async () => {
    const server = mockApi({ 'POST /api/customer-stats': ok() });
    await recordCustomerStats(7, gaCookie);
    await recordCustomerStats(7, gaCookie);
    const sent = server.calls('POST', '/api/customer-stats');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ googleId: '1827526090.1689745728' });
  });

  it('sends again for another account in the browser or a new client id', async () => {
    const server = mockApi({ 'POST /api/customer-stats': ok() });
    await recordCustomerStats(7, gaCookie);
    await recordCustomerStats(8, gaCookie);
    await recordCustomerStats(8, '_ga=GA1.1.555.666');
    expect(server.calls('POST', '/api/customer-stats').map((r) => r.body)).toEqual([
      { googleId: '1827526090.1689745728' },
      { googleId: '1827526090.1689745728' },
      { googleId: '555.666' },
    ]);
  });

  it('sends nothing when the browser has no analytics id', async () => {
    const server = mockApi({ 'POST /api/customer-stats': ok() });
    await recordCustomerStats(7, 'nimbus.lang=de');
    expect(server.calls('POST', '/api/customer-stats')).toHaveLength(0);
  });

  it('swallows a failure and tries again later', async () => {
    const server = mockApi({ 'POST /api/customer-stats': fail(500, 'INTERNAL') });
    await expect(recordCustomerStats(7, gaCookie)).resolves.toBeUndefined();
    await recordCustomerStats(7, gaCookie);
    expect(server.calls('POST', '/api/customer-stats')).toHaveLength(2);
  });
});
