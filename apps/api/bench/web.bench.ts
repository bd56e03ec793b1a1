// Web weight (issue 12): a first visit of each route of the built panel in Debian's Chromium, measured by
// Lighthouse with its default (mobile) settings: requests, JavaScript (raw and as transferred),
// DOMContentLoaded as observed, and the performance score. Needs `npm run build` first. Run:
// npm run bench -- web. BENCH_WEB_URL measures a panel already running there instead of starting one.
// Side by side, the floor: two bare pages of the stack every route must load (bare-page/ in apps/web).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { apiRoot, repoRoot } from '../src/paths';
import { freePort } from '../test/global-setup';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PUBLIC_ROUTES = ['/signin', '/signup', '/cart'];
const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/services/instanceList',
  '/createinstance',
  '/payments',
  '/transactions',
  '/invoices',
  '/account/information',
  '/sshkeys',
];

/** The bare pages (apps/web/bench/bare-page): the stack alone, and the stack with a react-hook-form + zod form. */
const BARE_PAGES = [
  { name: 'plain', label: 'bare stack: React, MUI, Query, Router, i18next' },
  { name: 'form', label: 'bare stack + react-hook-form and zod' },
] as const;

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

let lighthouseVersion = '';

interface Row {
  route: string;
  requests: number;
  scripts: number;
  jsRawKb: number;
  jsTransferKb: number;
  domContentLoadedMs: number;
  score: number;
}

/** The built panel on a throw-away embedded database, as `npm start` serves it. */
async function startPanel(): Promise<{ url: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'nimbus-web-bench-'));
  const port = await freePort();
  const server: ChildProcess = spawn('node', [join(apiRoot, 'dist', 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_MAX: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the panel exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('the panel did not become ready within 120 s');
    const ready = await fetch(`${url}/api/ready`).catch(() => null);
    if (ready?.ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    async stop() {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * Builds a bare page as the panel is built and serves it as the panel serves its assets (brotli or gzip at
 * their highest levels, chosen by accept-encoding), every path falling back to its index.html.
 */
async function startBarePage(name: string): Promise<{ url: string; stop(): Promise<void> }> {
  const pageDir = join(repoRoot, 'apps', 'web', 'bench', 'bare-page');
  const outDir = mkdtempSync(join(tmpdir(), `nimbus-bare-${name}-`));
  const build = spawnSync(
    'npx',
    ['vite', 'build', join(pageDir, name), '--config', join(pageDir, 'vite.config.ts'), '--outDir', outDir],
    { cwd: join(repoRoot, 'apps', 'web'), stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (build.status !== 0) throw new Error(`the bare page ${name} did not build`);
  const encoded = new Map<string, { raw: Buffer; br: Buffer; gzip: Buffer }>();
  const file = (path: string) => {
    let entry = encoded.get(path);
    if (!entry) {
      const raw = readFileSync(join(outDir, path));
      entry = {
        raw,
        br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(raw, { level: 9 }),
      };
      encoded.set(path, entry);
    }
    return entry;
  };
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const asset = path.startsWith('/assets/') && !path.includes('..') ? path : '/index.html';
    let entry: ReturnType<typeof file>;
    try {
      entry = file(asset);
    } catch {
      res.writeHead(404).end();
      return;
    }
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const [encoding, body] = accepts.includes('br')
      ? ['br', entry.br]
      : accepts.includes('gzip')
        ? ['gzip', entry.gzip]
        : [undefined, entry.raw];
    res.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(asset)] ?? 'application/octet-stream',
      vary: 'accept-encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

async function signUp(url: string): Promise<Tokens> {
  const res = await fetch(`${url}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      fullname: 'Bench Customer',
      email: `bench-web-${Date.now()}@example.com`,
      password: 'Start#Pass2024',
      acceptTerms: true,
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: Tokens }).data;
}

type Item = { resourceType?: string; transferSize?: number; resourceSize?: number };

/** One Lighthouse navigation in a fresh browser context: an empty cache, the session (if any) in storage. */
async function measure(browser: Browser, url: string, route: string, tokens?: Tokens): Promise<Row> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    if (tokens) {
      // Runs in the page, where the panel keeps its session.
      await page.evaluateOnNewDocument((t: Tokens) => {
        type Storage = { setItem(key: string, value: string): void };
        const storage = (globalThis as unknown as { localStorage: Storage }).localStorage;
        storage.setItem('nimbus.accessToken', t.accessToken);
        storage.setItem('nimbus.refreshToken', t.refreshToken);
        storage.setItem('nimbus.hadSession', '1');
      }, tokens);
    }
    // Lighthouse would clear storage, session included; the context is new, so its cache is empty anyway.
    const result = await lighthouse(
      `${url}${route}`,
      { logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
      undefined,
      page as never,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${route}: ${lhr.runtimeError.message}`);
    lighthouseVersion = lhr.lighthouseVersion;
    const requests = ((lhr.audits['network-requests']?.details as { items?: Item[] })?.items ?? []) as Item[];
    const scripts = requests.filter((r) => r.resourceType === 'Script');
    // As the page saw it (Lighthouse only simulates its mobile network and CPU, the load itself is real).
    const domContentLoadedMs = await page.evaluate(() => {
      type Timing = { getEntriesByType(type: string): { domContentLoadedEventEnd: number }[] };
      return (globalThis as unknown as { performance: Timing }).performance.getEntriesByType('navigation')[0]
        ?.domContentLoadedEventEnd;
    });
    const kb = (n: number) => n / 1024;
    return {
      route,
      requests: requests.length,
      scripts: scripts.length,
      jsRawKb: kb(scripts.reduce((s, r) => s + (r.resourceSize ?? 0), 0)),
      jsTransferKb: kb(scripts.reduce((s, r) => s + (r.transferSize ?? 0), 0)),
      domContentLoadedMs: domContentLoadedMs ?? Number.NaN,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    };
  } finally {
    await context.close();
  }
}

async function main() {
  const panel = process.env.BENCH_WEB_URL
    ? { url: process.env.BENCH_WEB_URL.replace(/\/$/, ''), stop: async () => {} }
    : await startPanel();
  const browser = await puppeteer.launch({
    executablePath: CHROME,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const tokens = await signUp(panel.url);
    // Lighthouse now and then loses the trace of a load (NO_NAVSTART); that run is taken again.
    const attempt = async (route: string, session?: Tokens, tries = 3): Promise<Row> =>
      measure(browser, panel.url, route, session).catch((error: Error) => {
        if (tries <= 1) throw error;
        console.log(`${route}: ${error.message}; again`);
        return attempt(route, session, tries - 1);
      });
    const rows: Row[] = [];
    for (const route of PUBLIC_ROUTES) rows.push(await attempt(route));
    for (const route of SIGNED_IN_ROUTES) rows.push(await attempt(route, tokens));
    for (const bare of BARE_PAGES) {
      const page = await startBarePage(bare.name);
      try {
        const measured = async (tries = 3): Promise<Row> =>
          measure(browser, page.url, '/signin').catch((error: Error) => {
            if (tries <= 1) throw error;
            return measured(tries - 1);
          });
        rows.push({ ...(await measured()), route: `/signin (${bare.label})` });
      } finally {
        await page.stop();
      }
    }
    console.log(
      `\nFirst visits of ${panel.url}, Lighthouse ${lighthouseVersion} (mobile defaults) on ${CHROME}:\n`,
    );
    console.log(
      '| Route | Requests | Scripts | JS raw KB | JS transferred KB | DOMContentLoaded | Performance |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const r of rows) {
      console.log(
        `| ${r.route} | ${r.requests} | ${r.scripts} | ${r.jsRawKb.toFixed(0)} | ${r.jsTransferKb.toFixed(0)} | ${Math.round(r.domContentLoadedMs)} ms | ${r.score} |`,
      );
    }
  } finally {
    await browser.close();
    await panel.stop();
  }
}

await main();
