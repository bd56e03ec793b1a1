import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signedInCustomer, type Tokens } from '../support/accounts';
import { operatorCli } from '../support/billing';
import { textIn } from '../support/i18n';
import { api, readyCustomer } from '../support/instances';
import { isoMirrorOrigin, startIsoMirror } from '../support/iso-mirror';
import { describeShotVariants, type ShotVariant, shoot } from '../support/screenshots';

/**
 * Screenshots of the instance screens for a human to look at, not assertions: run with SCREENSHOTS=1
 * (`SCREENSHOTS=1 npx playwright test screenshots-instances`, SHOTS_ONLY=<regexp> for some screens);
 * the images land in /tmp/shots-e2e/.
 * One customer with instances in several states and an empty one are seeded once for every variant.
 */
test.skip(!process.env.SCREENSHOTS, 'screenshots only with SCREENSHOTS=1');

const ED25519 =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGVlU+MyEQbEGfN2TLBETaA7a30sKwOziy4vnzFJtVMM shots@laptop';

interface CreationAnswer {
  results: { hostname: string; code: string; instanceId: number | null }[];
}

interface Seeded {
  full: Tokens;
  empty: Tokens;
  creationAnswer: CreationAnswer;
  preorders: unknown[];
  ids: {
    hourly: number;
    off: number;
    monthly: number;
    v6: number;
    rescue: number;
    snapshot: number;
    iso: number;
    isoInstance: number;
    ticket: number;
  };
}

let seeded: Seeded;

async function post<T>(request: APIRequestContext, tokens: Tokens, path: string, data: object) {
  const response = await request.post(path, { headers: api(tokens), data });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

/** The status of each of the customer's instances (preorders are listed too, with ids of their own). */
async function statuses(request: APIRequestContext, tokens: Tokens) {
  const list = await request.get('/api/instances?limit=100', { headers: api(tokens) });
  const body = (await list.json()) as {
    data: { instances: { id: number; status: string; isPreorder?: boolean }[] };
  };
  return new Map(body.data.instances.filter((i) => !i.isPreorder).map((i) => [i.id, i.status]));
}

/**
 * An SSH key; three hourly instances (the second powered off, the third in rescue), a monthly one with a long hostname and an
 * IPv6-only one, all active; a GPU preorder; and a second customer with nothing.
 */
async function seed(page: Page, request: APIRequestContext): Promise<Seeded> {
  const { tokens } = await readyCustomer(page, request, 'shots-full');
  const key = await post<{ id: number }>(request, tokens, '/api/ssh-keys', {
    name: 'Laptop',
    publicKey: ED25519,
  });
  const create = (body: object) =>
    post<CreationAnswer>(request, tokens, '/api/instances', {
      region: 1,
      osId: 101,
      sshKeyIds: [key.id],
      ...body,
    });
  const hourly = await create({
    productId: 1,
    hostnames: ['web-hourly-1', 'web-hourly-2', 'rescue-me'],
    billingCycle: 'hourly',
  });
  const monthly = await create({
    productId: 2,
    hostnames: ['db-monthly-production-primary'],
    billingCycle: 'monthly',
    isSubscriptionAutoRenewEnabled: true,
  });
  const v6 = await create({
    productId: 1,
    region: 2,
    osId: 111,
    hostnames: ['v6-only'],
    billingCycle: 'hourly',
    assignIpv4: false,
    assignIpv6: true,
  });
  const { preorders } = await post<{ preorders: unknown[] }>(request, tokens, '/api/preorders', {
    type: 'vm',
    hostnames: ['gpu-trainer'],
    regionId: 1,
    metadata: { productId: 21, osId: 101, features: [5], billingCycle: 'monthly', class: 'gpu-provided' },
  });

  const id = (answer: CreationAnswer, index = 0) => {
    const created = answer.results[index]?.instanceId;
    expect(created, JSON.stringify(answer)).toEqual(expect.any(Number));
    return created as number;
  };
  const ids = {
    hourly: id(hourly),
    off: id(hourly, 1),
    rescue: id(hourly, 2),
    monthly: id(monthly),
    v6: id(v6),
  };
  await expect
    .poll(async () => [...(await statuses(request, tokens)).values()], {
      message: 'the instances to become active',
      timeout: 120_000,
    })
    .toEqual(['active', 'active', 'active', 'active', 'active']);
  await post(request, tokens, `/api/instances/${ids.off}/poweroff`, {});
  await post(request, tokens, `/api/instances/${ids.rescue}/rescue-mode`, { password: 'Rescue123' });
  const snapshot = await post<{ data: { id: number } }>(request, tokens, '/api/snapshots', {
    instanceId: ids.hourly,
  });
  await expect
    .poll(
      async () => {
        const list = await request.get(`/api/snapshots?instanceId=${ids.hourly}`, { headers: api(tokens) });
        return ((await list.json()) as { data: { items: { status: string }[] } }).data.items[0]?.status;
      },
      { message: 'the snapshot to be taken', timeout: 60_000 },
    )
    .toBe('active');
  await expect
    .poll(async () => (await statuses(request, tokens)).get(ids.hourly), { timeout: 60_000 })
    .toBe('active');
  // Weekly backups on the hourly instance, for its Backups tab and Services > Backups.
  await post(request, tokens, '/api/backups', {
    instanceId: ids.hourly,
    scheduleFrequency: 'weekly',
    scheduleWeekDays: [0, 3],
    periodId: 2,
  });
  await expect
    .poll(async () => (await statuses(request, tokens)).get(ids.off), { timeout: 60_000 })
    .toBe('shutdown');
  // A custom ISO from the suite's local mirror, and an instance booted from it.
  const mirror = await startIsoMirror('/debian-13-netinst.iso', 3 * 1024 * 1024, 50);
  let iso: { id: number; status: string };
  try {
    iso = await post<{ id: number; status: string }>(request, tokens, '/api/iso', {
      name: 'Debian 13 netinst',
      url: `${isoMirrorOrigin}/debian-13-netinst.iso`,
      regionId: 1,
      useVirtio: true,
    });
    await expect
      .poll(
        async () =>
          (
            (await (await request.get(`/api/iso/${iso.id}`, { headers: api(tokens) })).json()) as {
              data: { status: string };
            }
          ).data.status,
        { message: 'the ISO to be imported', timeout: 60_000 },
      )
      .toBe('READY');
  } finally {
    await mirror.close();
  }
  const fromIso = await post<CreationAnswer>(request, tokens, '/api/instances', {
    region: 1,
    productId: 1,
    osId: null,
    isoId: iso.id,
    hostnames: ['iso-install'],
    billingCycle: 'hourly',
  });

  const ticket = await seedTicket(request, tokens, ids.hourly);
  const floating = await post<{ items: { id: number }[] }>(request, tokens, '/api/floating-ip', {
    regionId: 1,
    count: 2,
  });
  await post(request, tokens, `/api/floating-ip/${floating.items[0]!.id}/attach`, { instanceId: ids.hourly });

  const empty = await signedInCustomer(page, request, 'shots-empty');
  return {
    full: tokens,
    empty: empty.tokens,
    creationAnswer: hourly,
    preorders,
    ids: { ...ids, snapshot: snapshot.data.id, iso: iso.id, isoInstance: id(fromIso), ticket },
  };
}

interface Screen {
  name: string;
  path: string;
  /** Whose session the screen is shot in; null when signed out. */
  who: 'full' | 'empty' | null;
  /** What the tab holds in sessionStorage when the screen opens (values are stored as JSON). */
  session?: Record<string, unknown>;
  prepare?: (page: Page, variant: ShotVariant) => Promise<void>;
}

function screens(s: Seeded): Screen[] {
  const { ids } = s;
  return [
    {
      name: 'createinstance',
      path: '/createinstance?planType=default&region=1&osId=101',
      who: 'full',
      prepare: pickPlan,
    },
    {
      name: 'createinstance-floating-ip',
      path: '/createinstance?planType=default&region=1&osId=101',
      who: 'full',
      prepare: async (page) => {
        await pickPlan(page);
        const floating = page.getByRole('combobox', { name: /Floating IPs|IP/ }).last();
        await floating.scrollIntoViewIfNeeded();
        await floating.focus();
        await page.keyboard.press('ArrowDown');
        await page.getByRole('option').nth(2).click();
      },
    },
    { name: 'createinstance-gpu', path: '/createinstance?planType=gpu-provided&region=1', who: 'full' },
    {
      name: 'createinstance-snapshot',
      path: `/createinstance?planType=default&region=1&snapshotId=${ids.snapshot}`,
      who: 'full',
      prepare: pickPlan,
    },
    { name: 'cart', path: '/cart', who: null },
    { name: 'solutions-vpn', path: '/solutions/vpn-proxy', who: 'full' },
    { name: 'solutions-forex', path: '/solutions/forex-vps', who: 'full' },
    {
      name: 'createinstance-pending',
      path: '/createinstance/pending',
      who: 'full',
      session: { 'nimbus.creationResults': { kind: 'instances', results: s.creationAnswer.results } },
    },
    {
      name: 'preorder-pending',
      path: '/preorder/pending',
      who: 'full',
      session: { 'nimbus.creationResults': { kind: 'preorders', preorders: s.preorders } },
    },
    { name: 'instanceList', path: '/services/instanceList', who: 'full' },
    { name: 'instanceList-empty', path: '/services/instanceList', who: 'empty' },
    { name: 'instanceList-nodata', path: '/services/instanceList?status=suspended', who: 'full' },
    {
      name: 'instance-deletion',
      path: '/instance-deletion',
      who: 'full',
      session: { 'nimbus.deletionQueue': [ids.hourly, ids.monthly] },
    },
    {
      name: 'instance-deletion-one',
      path: '/instance-deletion',
      who: 'full',
      session: { 'nimbus.deletionQueue': [ids.monthly] },
    },
    { name: 'access', path: `/instances/${ids.hourly}/access`, who: 'full' },
    {
      name: 'poweroff-dialog',
      path: `/instances/${ids.hourly}/access`,
      who: 'full',
      prepare: openDialog('power.poweroff.button'),
    },
    {
      name: 'password-dialog',
      path: `/instances/${ids.hourly}/access`,
      who: 'full',
      prepare: openDialog('password.button'),
    },
    {
      name: 'delete-dialog',
      path: `/instances/${ids.monthly}/access`,
      who: 'full',
      prepare: openDialog('delete.button'),
    },
    { name: 'transactions-full', path: '/transactions', who: 'full' },
    { name: 'payments-full', path: '/payments', who: 'full' },
    { name: 'account-log-full', path: '/account/log', who: 'full' },
    { name: 'access-v6', path: `/instances/${ids.v6}/access`, who: 'full' },
    { name: 'billing', path: `/instances/${ids.monthly}/billing`, who: 'full' },
    { name: 'log', path: `/instances/${ids.hourly}/log`, who: 'full' },
    { name: 'network', path: `/instances/${ids.hourly}/network`, who: 'full' },
    { name: 'network-v6', path: `/instances/${ids.v6}/network`, who: 'full' },
    { name: 'backups', path: `/instances/${ids.hourly}/backups`, who: 'full' },
    { name: 'services-backups', path: '/services/backups', who: 'full' },
    { name: 'services-customIso', path: '/services/customIso', who: 'full' },
    { name: 'services-customIso-empty', path: '/services/customIso', who: 'empty' },
    {
      name: 'import-iso-dialog',
      path: '/services/customIso',
      who: 'empty',
      prepare: async (page, variant) => {
        await page
          .getByRole('button', { name: textIn(variant.locale, 'instances', 'customIso.import.open') })
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
      },
    },
    {
      name: 'createinstance-iso',
      path: `/createinstance?isoId=${ids.iso}&region=1`,
      who: 'full',
      prepare: pickPlan,
    },
    { name: 'access-iso', path: `/instances/${ids.isoInstance}/access`, who: 'full' },
    {
      name: 'console',
      path: `/novnc?instanceId=${ids.hourly}`,
      who: 'full',
      prepare: async (page) => {
        await expect(page.getByRole('application').locator('canvas')).toBeVisible({ timeout: 30_000 });
        await page.waitForTimeout(1500);
      },
    },
    { name: 'spice', path: `/spice?instanceId=${ids.hourly}`, who: 'full' },
    { name: 'floating-ips', path: '/ip-management', who: 'full' },
    { name: 'floating-ips-empty', path: '/ip-management', who: 'empty' },
    {
      name: 'resize',
      path: `/instances/${ids.hourly}/resize`,
      who: 'full',
      // A bigger plan than the current one: the summary shows both sizes and the new price.
      prepare: async (page) => {
        await page.getByRole('radio').nth(2).click();
      },
    },
    {
      name: 'rescuemode',
      path: `/instances/${ids.hourly}/rescuemode`,
      who: 'full',
      prepare: clickButton('rescue.generate'),
    },
    { name: 'rescuemode-active', path: `/instances/${ids.rescue}/rescuemode`, who: 'full' },
    { name: 'os', path: `/instances/${ids.off}/os`, who: 'full', prepare: chooseOs('Windows') },
    { name: 'performance', path: `/instances/${ids.hourly}/performance`, who: 'full', prepare: readings },
    { name: 'snapshot', path: `/instances/${ids.hourly}/snapshot`, who: 'full' },
    { name: 'services-snapshots', path: '/services/snapshots', who: 'full' },
    { name: 'snapshot-empty', path: `/instances/${ids.monthly}/snapshot`, who: 'full' },
    {
      name: 'snapshot-restore-dialog',
      path: `/instances/${ids.hourly}/snapshot`,
      who: 'full',
      prepare: async (page, variant) => {
        // The button's name says which snapshot; its text is the action's word.
        const restore = page.locator('button', {
          hasText: textIn(variant.locale, 'instances', 'snapshots.actions.restore'),
        });
        await expect(restore.first()).toBeEnabled({ timeout: 30_000 });
        await restore.first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
      },
    },
    {
      name: 'rescuemode-leave-dialog',
      path: `/instances/${ids.rescue}/rescuemode`,
      who: 'full',
      prepare: openDialog('rescue.disable', 'instanceTabs'),
    },
    { name: 'support-list', path: '/support', who: 'full' },
    { name: 'support-empty', path: '/support', who: 'empty' },
    { name: 'support-new-ticket', path: `/support/new-ticket?instanceId=${ids.hourly}`, who: 'full' },
    { name: 'support-kyc-ticket', path: '/support/new-ticket?kyc=true', who: 'full' },
    { name: 'support-ticket', path: `/support/${ids.ticket}`, who: 'full' },
    { name: 'instance-tickets', path: `/instances/${ids.hourly}/ticket`, who: 'full' },
    { name: 'applications', path: '/applications', who: 'full' },
    // The staff reply and the snapshot taken above are the full customer's notifications.
    { name: 'notifications', path: '/notifications', who: 'full' },
    {
      name: 'notifications-bell',
      path: '/dashboard',
      who: 'full',
      prepare: async (page) => {
        await page.getByTestId('notification-bell').click();
        await expect(page.getByRole('menu').getByRole('menuitem').first()).toBeVisible();
      },
    },
    // Not "dashboard": screenshots.spec.ts shoots a new customer's dashboard under that name.
    { name: 'dashboard-full', path: '/dashboard', who: 'full' },
    { name: 'dashboard-empty', path: '/dashboard', who: 'empty' },
    {
      name: 'dashboard-auto-recharge',
      path: '/dashboard',
      who: 'full',
      prepare: async (page, variant) => {
        const enable = page.getByRole('button', {
          name: textIn(variant.locale, 'payments', 'autoRecharge.enableNow'),
        });
        await expect(enable).toBeEnabled({ timeout: 30_000 });
        await enable.click();
        await expect(page.getByRole('dialog')).toBeVisible();
      },
    },
  ];
}

/** A ticket about the instance with a screenshot attached, a staff reply and a second, resolved ticket. */
async function seedTicket(request: APIRequestContext, tokens: Tokens, instanceId: number) {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const uploaded = await request.post('/api/media?group=ticket&name=firewall-rules.png', {
    headers: { ...api(tokens), 'content-type': 'image/png' },
    data: png,
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const ticket = await post<{ id: number }>(request, tokens, '/api/tickets', {
    title: 'SSH on port 22 stopped answering after the last reboot of the server',
    department: 'support',
    message: 'Since this morning I cannot reach the server over SSH.\nThe firewall rules are attached.',
    relatedServiceId: instanceId,
    attachmentIds: [((await uploaded.json()) as { data: { id: number } }).data.id],
  });
  await operatorCli(
    'ticket',
    'reply',
    String(ticket.id),
    '--as',
    'Grace',
    '--message',
    'Thanks for the details. Port 22 was closed by the firewall rule you added; it is open again.',
  );
  const other = await post<{ id: number }>(request, tokens, '/api/tickets', {
    title: 'Invoice address',
    department: 'sales',
    message: 'Please put our company name on the next invoices.',
  });
  await request.put(`/api/tickets/${other.id}`, { headers: api(tokens), data: { status: 'resolved' } });
  return ticket.id;
}

/** Clicks an instance action (by its text in the variant's language) and waits for its dialog. */
function openDialog(buttonKey: string, namespace = 'instanceDetail') {
  return async (page: Page, variant: ShotVariant) => {
    const button = page.getByRole('button', { name: textIn(variant.locale, namespace, buttonKey) });
    await expect(button.first()).toBeEnabled({ timeout: 30_000 });
    await button.first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
  };
}

/** Clicks a button of one of the instance page's tabs (by its text in the variant's language). */
function clickButton(buttonKey: string, namespace = 'instanceTabs') {
  return async (page: Page, variant: ShotVariant) => {
    await page.getByRole('button', { name: textIn(variant.locale, namespace, buttonKey) }).click();
  };
}

/** The Performance tab once the collector's first minute has arrived (it runs every minute). */
async function readings(page: Page) {
  await expect(page.getByRole('progressbar', { name: /\d/ }).first()).toBeVisible({ timeout: 150_000 });
}

/** The Change OS tab with another family chosen (its trial badge shows for Windows). */
function chooseOs(family: string) {
  return async (page: Page) => {
    await page.getByRole('radio', { name: family }).click();
    await expect(page.getByRole('radio', { name: family })).toHaveAttribute('aria-checked', 'true');
  };
}

/** The creation screen with a plan chosen, so the order summary shows prices. */
async function pickPlan(page: Page) {
  await page
    .getByRole('radio', { name: /Cloud M/ })
    .first()
    .click();
  await expect(page.getByRole('radio', { name: /Cloud M/ }).first()).toBeChecked();
}

/**
 * Leaves the tab as a fresh one holding only the screen's session (or none) and sessionStorage; the next
 * page load uses them.
 */
async function openSession(page: Page, tokens: Tokens | null, session: Record<string, unknown> = {}) {
  if (!page.url().startsWith('http')) await page.goto('/404');
  await page.evaluate(
    ({ tokens, session }) => {
      // As in a fresh browser, but in the variant's language: no creation draft from an earlier screen.
      const language = localStorage.getItem('nimbus.language');
      localStorage.clear();
      if (language) localStorage.setItem('nimbus.language', language);
      if (tokens) {
        localStorage.setItem('nimbus.accessToken', tokens.accessToken);
        localStorage.setItem('nimbus.refreshToken', tokens.refreshToken);
        localStorage.setItem('nimbus.hadSession', '1');
      }
      sessionStorage.clear();
      for (const [key, value] of Object.entries(session)) sessionStorage.setItem(key, JSON.stringify(value));
    },
    { tokens, session },
  );
}

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(240_000);
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  seeded = await seed(await context.newPage(), context.request);
  await context.close();
});

describeShotVariants((variant) => {
  test('instance screens', async ({ page }) => {
    test.setTimeout(180_000);
    // SHOTS_ONLY=<regexp> shoots only the screens whose name matches (e.g. SHOTS_ONLY=rescue).
    const only = process.env.SHOTS_ONLY ? new RegExp(process.env.SHOTS_ONLY) : null;
    for (const screen of screens(seeded).filter((s) => !only || only.test(s.name))) {
      await openSession(page, screen.who && seeded[screen.who], screen.session);
      await shoot(page, variant, screen.name, screen.path, screen.prepare);
    }
  });
});
