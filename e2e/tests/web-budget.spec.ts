import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { newCustomer, signUpViaApi, type Tokens } from '../support/accounts';
import { topUpViaApi } from '../support/billing';
import { api, verifyEmail } from '../support/instances';

/**
 * The weight budget of the panel (issue 12): the JavaScript a first visit of each route downloads, as
 * gzip sends it, in a fresh browser (empty cache). Prints the table and fails on any route over its
 * budget, on a script sent uncompressed, on a public page loading signed-in code, and on a visit that
 * downloads more than one language. Sizes, never timings: they do not depend on how busy the machine is.
 */
const KB = 1024;
/** Issue 12's goals: /signin 150 KB, /dashboard 250 KB, any other route 300 KB (printed beside each row). */
const GOAL_KB: Record<string, number> = { '/signin': 150, '/dashboard': 250 };
const DEFAULT_GOAL_KB = 300;
/*
 * What fails the test: the weight measured on 2026-11-26 (zod loaded by screens with a form only) plus
 * about 3 %, so no change makes the panel heavier unnoticed. Several are above the goals: the stack every
 * page must load (React 19, MUI, TanStack Router and Query, i18next) builds to 179 KB gzip as a bare
 * page (`npm run bench -- web`), and a form adds react-hook-form and zod (about 40 KB). Lower each figure
 * as the panel gets lighter; the instance page's id is left out of its key. On 27 Nov the creation screen
 * and the cart (its Custom ISO tab, the backup fee in the summary) and the instance page (the attached
 * ISO's notice) grew by about 2 KB each, and their figures with them. Later on 27 Nov (issue 14) every
 * signed-in page gained about 1.5 KB (the host that shows a pending survey, whose dialog and texts load
 * only when one is offered) and the dashboard 6 KB (the open-tickets tile and table, the satisfaction
 * prompt). The same day every signed-in page gained about 5 KB with the shell's new parts (the
 * notifications bell, the provider's banner, the Solutions entries of the sidebar, the customer-stats
 * report and the GET-404 rule of the one HTTP client) and the public pages under 1 KB (the client's rule;
 * the cart also shows the banner); the dashboard's credit and auto-recharge cards added 10 KB once the
 * auto-recharge dialog loaded only when opened, which took 35 KB off /auto-recharge. On 2 Dec the
 * creation screen and the cart gained about 2 KB (the floating IP choice with the account's limits, its
 * summary rows and texts, the cart's limit check). Later on 2 Dec what opens on a click (the avatar and
 * language menus, the phone drawer, the filter panel, two hints' tooltips) became chunks fetched at the
 * click, text fields stopped importing MUI's Select, and the right-to-left style plugins load for Arabic
 * only: the dashboard lost 22 KB, the list pages 10–23 KB, the sign-in pages 8 KB. The creation screen's
 * cart and the profile, which do use MUI's Select and menus, now fetch them as chunks of their own rather
 * than in the shared MUI chunk, and gained 4–5 KB. Later still on 2 Dec the languages' chunks left the
 * preload lists (2.5–4 KB on every page), pages without a text field stopped loading MUI's input parts
 * (about 11 KB off the dashboard and the billing lists) and the account's five sections became chunks of
 * their own, loaded when opened (41 KB off /account/information); the main chunk then lost its 336
 * loaders of translation files for 210 loaders of the chunks they travel in (2.5 KB on every page). On 3 Dec
 * zod's JSON Schema generator and the right-to-left copy of stylis left the browser's build (5 KB on every
 * form page, 3 KB on every page), the browser's phone check took libphonenumber's minimal metadata (20 KB
 * off the profile), the add-key form, the waiting order's summary and the copy button's tooltip began to
 * load when wanted, and the instance page's hostname form stopped loading zod: /sshkeys 330 → 268 KB, the
 * instance page 351 → 305, the creation screen 389 → 365, the profile 368 → 340, /signin 282 → 274.
 * Later on 3 Dec the creation screen's SSH keys became checkboxes instead of MUI's Autocomplete (its
 * Popper and listbox): the creation screen 365 → 348, the cart 377 → 360. On 7 Dec the texts of the
 * instance page's tabs past Access became a namespace of their own (`instanceTabs`) and the delete
 * dialog loads at its first opening: the instance page 305 → 299 (every page's main chunk gained 0.3 KB
 * for the new group's loaders).
 */
const BUDGET_KB: Record<string, number> = {
  '/signin': 276,
  '/signup': 278,
  '/forgotpassword': 273,
  '/cart': 362,
  '/dashboard': 286,
  '/services/instanceList': 291,
  '/createinstance': 350,
  '/instances/:id/access': 302,
  '/payments': 334,
  '/auto-recharge': 273,
  '/transactions': 279,
  '/invoices': 274,
  '/account/information': 343,
  '/sshkeys': 270,
  // The details dialog's summary (and zod with it) loads only when opened.
  '/applications': 278,
};

const PUBLIC_ROUTES = ['/signin', '/signup', '/forgotpassword', '/cart'];
const signedInRoutes = (instanceId: number) => [
  '/dashboard',
  '/services/instanceList',
  '/createinstance',
  `/instances/${instanceId}/access`,
  '/payments',
  '/auto-recharge',
  '/transactions',
  '/invoices',
  '/account/information',
  '/sshkeys',
  '/applications',
];
/** Chunks of the signed-in panel (its layout and pages) that a signed-out visitor must never download. */
const SIGNED_IN_CHUNK =
  /\/(?:DefaultLayout|DashboardPage|InstanceListPage|InstanceDetailPage|PaymentsPage|AccountPage)-/;

interface Visit {
  route: string;
  requests: number;
  scripts: { url: string; bytes: number; encoding: string | undefined }[];
}

const jsBytes = (visit: Visit) => visit.scripts.reduce((sum, s) => sum + s.bytes, 0);

/** A first visit of `route` in a new browser context; the session, if any, is in storage before any script runs. */
async function firstVisit(browser: Browser, route: string, tokens?: Tokens): Promise<Visit> {
  // Browsers offer brotli too; the budget counts gzip, so that is all this browser accepts.
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip, deflate' } });
  if (tokens) {
    await context.addInitScript((t) => {
      localStorage.setItem('nimbus.accessToken', t.accessToken);
      localStorage.setItem('nimbus.refreshToken', t.refreshToken);
      localStorage.setItem('nimbus.hadSession', '1');
    }, tokens);
  }
  const page = await context.newPage();
  const visit: Visit = { route, requests: 0, scripts: [] };
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    visit.requests += 1;
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const encoding = response ? (await response.allHeaders())['content-encoding'] : undefined;
        visit.scripts.push({ url: request.url(), bytes: sizes.responseBodySize, encoding });
      })(),
    );
  });
  await page.goto(route, { waitUntil: 'networkidle' });
  await expect(page).toHaveURL(new RegExp(`${route.replace(/[?]/g, '\\?')}$`));
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  return visit;
}

/** A customer with a verified email, credit and one active server, for the signed-in routes. */
async function customerWithServer(request: APIRequestContext) {
  const customer = newCustomer('budget');
  const tokens = await signUpViaApi(request, customer);
  await verifyEmail(request, customer.email);
  await topUpViaApi(request, tokens, '50');
  const created = await request.post('/api/instances', {
    headers: api(tokens),
    data: { productId: 1, region: 1, osId: 101, hostnames: ['budget-1'], billingCycle: 'hourly' },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const body = (await created.json()) as { data: { results: { instanceId: number | null }[] } };
  const instanceId = body.data.results[0]?.instanceId;
  expect(instanceId, JSON.stringify(body)).toEqual(expect.any(Number));
  return { tokens, instanceId: instanceId as number };
}

test('every route of the panel downloads no more JavaScript than its budget', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { tokens, instanceId } = await customerWithServer(request);
  const visits: Visit[] = [];
  for (const route of PUBLIC_ROUTES) visits.push(await firstVisit(browser, route));
  for (const route of signedInRoutes(instanceId)) visits.push(await firstVisit(browser, route, tokens));

  const rows = visits.map((visit) => {
    const key = visit.route.replace(/\/instances\/\d+\//, '/instances/:id/');
    const budget = BUDGET_KB[key];
    expect(budget, `a budget for ${key}`).toEqual(expect.any(Number));
    const kb = jsBytes(visit) / KB;
    return { visit, budget: budget as number, goal: GOAL_KB[key] ?? DEFAULT_GOAL_KB, kb };
  });
  console.log(
    [
      '| Route | Requests | Scripts | JS KB (gzip) | Budget KB | Goal KB |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...rows.map(
        ({ visit, budget, goal, kb }) =>
          `| ${visit.route} | ${visit.requests} | ${visit.scripts.length} | ${kb.toFixed(1)} | ${budget}${kb > budget ? ' OVER' : ''} | ${goal} |`,
      ),
    ].join('\n'),
  );

  for (const { visit } of rows) {
    const uncompressed = visit.scripts.filter((s) => s.encoding !== 'gzip').map((s) => s.url);
    expect(uncompressed, `${visit.route}: scripts sent without gzip`).toEqual([]);
    // Chunks `locale-<language>-…`: public, panel, and the two big pages' (vite.config.ts).
    const languages = new Set(
      visit.scripts.map((s) => /\/locale-([a-z]+)-/.exec(s.url)?.[1]).filter(Boolean),
    );
    expect([...languages], `${visit.route}: the languages it downloads`).toEqual(['en']);
  }
  for (const { visit } of rows.filter((r) => PUBLIC_ROUTES.includes(r.visit.route))) {
    const signedInCode = visit.scripts.filter((s) => SIGNED_IN_CHUNK.test(s.url)).map((s) => s.url);
    expect(signedInCode, `${visit.route} loads signed-in screens`).toEqual([]);
    if (visit.route === '/cart') continue; // open to both: it shows the panel's creation texts
    const panelTexts = visit.scripts.filter((s) => /\/locale-[a-z]+-panel-/.test(s.url)).map((s) => s.url);
    expect(panelTexts, `${visit.route} loads the signed-in panel's texts`).toEqual([]);
  }
  if (process.env.BUDGET_DETAIL) {
    for (const { visit } of rows) {
      console.log(`\n${visit.route}`);
      for (const s of [...visit.scripts].sort((a, b) => b.bytes - a.bytes))
        console.log(`  ${(s.bytes / KB).toFixed(1).padStart(6)} ${s.url.replace(/^.*\/assets\//, '')}`);
    }
  }
  const over = rows
    .filter(({ budget, kb }) => kb > budget)
    .map(({ visit, kb }) => `${visit.route} ${kb.toFixed(1)} KB`);
  expect(over, 'routes over their JavaScript budget').toEqual([]);
});
