import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, type Request, test } from '@playwright/test';
import { api, readyCustomer } from '../support/instances';
import { MAILBOX_KEY } from '../support/mailbox';

/**
 * Server push across processes: a panel whose API runs no workers, and a separate worker process that
 * builds the servers. What the worker changes reaches the open list through PostgreSQL and the API's
 * event stream, with no polling; with the stream blocked, the panel polls as before.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.E2E_PUSH_PORT ?? 8191);
const pgPort = Number(process.env.E2E_PUSH_PG_PORT ?? 54359);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = resolve(root, '.data/e2e-push');
const common = {
  ...process.env,
  LOG_LEVEL: 'warn',
  DEV_MAILBOX_KEY: MAILBOX_KEY,
  RATE_LIMIT_AUTH_MAX: '1000',
  SIMULATOR_STEP_SECONDS: '1',
};

let apiProcess: ChildProcess;
let worker: ChildProcess | null = null;

const run = (script: string, env: NodeJS.ProcessEnv) =>
  spawn(process.execPath, [resolve(root, 'apps/api/dist', script)], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });

function startWorker() {
  worker = run('worker.js', {
    ...common,
    DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${pgPort}/nimbus`,
  });
}

async function stopWorker() {
  const stopping = worker;
  worker = null;
  if (!stopping || stopping.exitCode !== null) return;
  const exited = new Promise((done) => stopping.once('exit', done));
  stopping.kill('SIGTERM');
  await exited;
}

test.use({ baseURL });
test.describe.configure({ timeout: 180_000 });

test.beforeAll(async ({ request }) => {
  test.setTimeout(150_000);
  rmSync(dataDir, { recursive: true, force: true });
  apiProcess = run('main.js', {
    ...common,
    PORT: String(port),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    RUN_WORKERS: 'false',
  });
  await expect
    .poll(async () => (await request.get(`${baseURL}/api/ready`).catch(() => null))?.status() ?? 0, {
      timeout: 120_000,
    })
    .toBe(200);
  startWorker();
});

test.afterAll(async () => {
  await stopWorker();
  const exited = new Promise((done) => apiProcess.once('exit', done));
  apiProcess.kill('SIGTERM');
  await exited;
});

/** The list's GET requests (not the counts), as the page sends them. */
function listRequests(page: Page) {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && /\/api\/instances(\?|$)/.test(r.url())) seen.push(r);
  });
  return seen;
}

const row = (page: Page, hostname: string) => page.getByRole('row', { name: new RegExp(hostname) });

async function order(
  request: import('@playwright/test').APIRequestContext,
  tokens: { accessToken: string },
  hostname: string,
) {
  const created = await request.post('/api/instances', {
    headers: api(tokens as never),
    data: { productId: 1, region: 1, osId: 101, hostnames: [hostname], billingCycle: 'hourly' },
  });
  expect(created.status(), await created.text()).toBe(201);
}

test('a server built by a worker process shows in the open list by server push, without polling', async ({
  page,
  request,
}) => {
  const { tokens } = await readyCustomer(page, request, 'push');
  // From here no worker runs: a new server stays in creation until one starts.
  await stopWorker();

  const stream = page.waitForResponse((r) => r.url().includes('/api/events?ticket='));
  await page.goto('/services/instanceList');
  expect((await stream).status()).toBe(200);
  const requests = listRequests(page);

  await order(request, tokens, 'pushed-1');
  // The order itself is an event: the list shows the new server in creation.
  await expect(row(page, 'pushed-1')).toBeVisible({ timeout: 15_000 });
  await expect(row(page, 'pushed-1').getByRole('cell', { name: 'On', exact: true })).toHaveCount(0);
  const afterOrder = requests.length;

  // Polling would ask again every 6 s while a server is in creation; a live stream makes it needless.
  await page.waitForTimeout(14_000);
  expect(requests.length).toBe(afterOrder);

  startWorker();
  await expect(row(page, 'pushed-1').getByRole('cell', { name: 'On', exact: true })).toBeVisible({
    timeout: 90_000,
  });
});

test('with the stream blocked, the panel falls back to polling and still shows the change', async ({
  page,
  request,
}) => {
  await page.route('**/api/events?**', (route) => route.abort());
  const { tokens } = await readyCustomer(page, request, 'polled');
  await page.goto('/services/instanceList');
  const requests = listRequests(page);
  // The server stays in creation until a worker runs, so the list sees it pending first, whatever the
  // machine's speed.
  await stopWorker();
  await order(request, tokens, 'polled-1');
  // No event tells the list: it finds the order at the next poll once something is in creation, or on reload.
  await page.reload();
  await expect(row(page, 'polled-1')).toBeVisible({ timeout: 15_000 });
  await expect(row(page, 'polled-1').getByRole('cell', { name: 'On', exact: true })).toHaveCount(0);
  startWorker();
  await expect(row(page, 'polled-1').getByRole('cell', { name: 'On', exact: true })).toBeVisible({
    timeout: 90_000,
  });
  expect(requests.length).toBeGreaterThan(1);
});
