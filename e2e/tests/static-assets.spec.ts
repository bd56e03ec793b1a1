import { expect, test } from '@playwright/test';

test('the panel is served production-style: hashed assets cached for a year, pages never cached', async ({
  request,
}) => {
  const page = await request.get('/signin');
  expect(page.status()).toBe(200);
  expect(page.headers()['cache-control']).toBe('no-cache');
  const html = await page.text();
  const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect(asset, 'index.html links a hashed script').toBeTruthy();

  const script = await request.get(asset!);
  expect(script.status()).toBe(200);
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  const unknownApi = await request.get('/api/no-such-call');
  expect(unknownApi.status()).toBe(404);
  expect((await unknownApi.json()).code).toBe('NOT_FOUND');
});
