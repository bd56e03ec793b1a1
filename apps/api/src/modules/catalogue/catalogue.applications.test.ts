import {
  type Application,
  type ApplicationCategory,
  type PaymentGateway,
  parseApplicationSummary,
} from '@nimbus/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { allGatewaysConfigured } from '../payments/gateways/gateways.test-config';
import { applications } from './catalogue.tables';

interface Page {
  applications: Application[];
  totalPages: number;
  totalCount: number;
  page: number;
  pageSize: number;
}

/** Applications, categories, payment gateways and the banner of the demo catalogue. */
describe('catalogue: applications and more', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(allGatewaysConfigured);
  });
  afterAll(() => t.close());

  const get = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data as T;
  };
  const names = (page: Page) => page.applications.map((a) => a.name);

  it('pages applications 12 at a time', async () => {
    const first = await get<Page>('/api/applications');
    expect(first.pageSize).toBe(12);
    expect(first.applications).toHaveLength(12);
    expect(first.totalCount).toBe(16);
    expect(first.totalPages).toBe(2);
    const second = await get<Page>('/api/applications?page=2');
    expect(second.applications).toHaveLength(4);
    expect(new Set([...names(first), ...names(second)]).size).toBe(16);
    const beyond = await get<Page>('/api/applications?page=5');
    expect(beyond).toMatchObject({ applications: [], totalCount: 16, totalPages: 2 });
    expect((await get<Page>('/api/applications?pageSize=500')).applications).toHaveLength(16);
  });

  it('searches by name without regard to case, and filters by tags and activity', async () => {
    expect(names(await get<Page>('/api/applications?name=METATRADER'))).toEqual([
      'MetaTrader 4 for Forex',
      'MetaTrader 5 multi-terminal',
    ]);
    expect(names(await get<Page>('/api/applications?name=%25'))).toEqual([]); // a literal %, not a wildcard
    const vpn = await get<Page>('/api/applications?tags=vpn');
    expect(names(vpn).sort()).toEqual(['OpenVPN Access Server', 'WireGuard VPN']);
    const either = await get<Page>('/api/applications?tags=vpn,database');
    expect(either.totalCount).toBe(4);
    expect((await get<Page>('/api/applications?tags=vpn&tags=database')).totalCount).toBe(4);
    const featured = await get<Page>('/api/applications?tags=featured&pageSize=500');
    expect(featured.applications.every((a) => a.tags.includes('featured'))).toBe(true);
    expect(names(await get<Page>('/api/applications?isActive=false'))).toEqual(['Joomla']);
    expect((await get<Page>('/api/applications?isActive=true')).totalCount).toBe(15);
    expect(names(await get<Page>('/api/applications?name=docker&tags=forex'))).toEqual([]);
  });

  it('forces includeAppId to the front of the first page', async () => {
    const withPostgres = await get<Page>('/api/applications?tags=vpn&includeAppId=14');
    expect(names(withPostgres)[0]).toBe('PostgreSQL');
    expect(withPostgres.totalCount).toBe(3);
    const alreadyThere = await get<Page>('/api/applications?tags=vpn&includeAppId=9');
    expect(alreadyThere.totalCount).toBe(2);
    expect(names(alreadyThere)[0]).toBe('WireGuard VPN');
    const page1 = await get<Page>('/api/applications?pageSize=2&includeAppId=15');
    expect(names(page1)[0]).toBe('MySQL');
  });

  it('returns one application with its settings form and a summary in the spec format', async () => {
    const wordpress = await get<Application>('/api/applications/1');
    expect(wordpress).toMatchObject({
      name: 'WordPress',
      osFamily: 'ubuntu',
      osVersionId: 101,
      defaultRamInGB: 2,
    });
    expect(wordpress.ocaFields.map((f) => f.name)).toEqual(['siteTitle', 'adminEmail', 'adminUser']);
    const summary = parseApplicationSummary(wordpress.summary);
    expect(summary.html).toMatch(/^<p>/);
    expect(summary.links[0]).toEqual({
      title: 'WordPress documentation',
      url: 'https://wordpress.org/documentation/',
    });
    const windowsApps = (await get<Page>('/api/applications?tags=forex')).applications;
    expect(windowsApps.map((a) => [a.osFamily, a.defaultRamInGB])).toEqual([
      ['windows', 4],
      ['windows', 8],
    ]);
    expect((await get<Application>('/api/applications/13')).isBeta).toBe(true);
  });

  it('sanitises summaries on the way out', async () => {
    await t.db
      .update(applications)
      .set({
        summary:
          '<p onclick="x()">Hi<script>alert(1)</script> <a href="javascript:alert(2)">there</a></p>' +
          '<!--links-->[{"title":"ok","url":"https://example.com"},{"title":"bad","url":"javascript:alert(3)"}]',
      })
      .where(eq(applications.id, 2));
    const docker = await get<Application>('/api/applications/2');
    expect(docker.summary).toBe('<p>Hi there</p><!--links-->[{"title":"ok","url":"https://example.com"}]');
  });

  it('answers 404 for an unknown application and 400 for bad queries', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/applications/999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', data: null });
    for (const url of [
      '/api/applications/abc',
      '/api/applications?page=0',
      '/api/applications?pageSize=501',
      '/api/applications?isActive=maybe',
      `/api/applications?name=${'x'.repeat(101)}`,
      '/api/applications?includeAppId=x',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('lists categories with the default one selected', async () => {
    const tags = await get<ApplicationCategory[]>('/api/applications/tags');
    expect(tags[0]).toEqual({
      name: 'Featured',
      tag: 'featured',
      icon: '/catalogue/tags/featured.svg',
      isSelected: true,
    });
    expect(tags.filter((c) => c.isSelected)).toHaveLength(1);
    expect(tags.map((c) => c.tag)).toEqual(
      expect.arrayContaining(['web', 'devops', 'database', 'vpn', 'ai', 'forex']),
    );
  });

  it('lists payment gateways with fee fractions', async () => {
    const gateways = await get<PaymentGateway[]>('/api/payments/gateways');
    expect(gateways.map((g) => g.name)).toEqual(['paypal', 'stripe', 'cryptomus', 'btcpay', 'sandbox']);
    expect(gateways[0]).toEqual({
      id: 1,
      name: 'paypal',
      displayName: 'PayPal',
      feePercent: '0.03',
      logoURL: '/catalogue/gateways/paypal.svg',
    });
    expect(gateways.find((g) => g.name === 'btcpay')?.feePercent).toBe('0');
  });

  it('serves the banner', async () => {
    expect(await get('/api/banner')).toMatchObject({ severity: 'info', link: { label: 'Read more' } });
  });
});
