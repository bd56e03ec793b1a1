import { defineConfig, devices } from '@playwright/test';
import { isoMirrorCaFile, isoMirrorOrigin } from './support/iso-mirror';
import { MAILBOX_KEY } from './support/mailbox';

const port = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://127.0.0.1:${port}`;

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the production build,
 * served by the same entry point as `npm start`, on a fresh embedded database of its own.
 */
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // A focused test (`.only`) would silently skip the rest of the suite, on a laptop as in CI.
  forbidOnly: true,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'rm -rf ../.data/e2e && node ../apps/api/dist/main.js',
    url: `${baseURL}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: '../.data/e2e',
      EMBEDDED_PG_PORT: String(Number(process.env.E2E_PG_PORT ?? 54349)),
      LOG_LEVEL: 'warn',
      DEV_MAILBOX_KEY: MAILBOX_KEY,
      RATE_LIMIT_AUTH_MAX: '1000',
      // Every customer of the suite browses from 127.0.0.1: one address's 600 requests a minute would
      // be shared by a dozen customers' tabs (a blank page on a 429 was seen in CI). The limits
      // themselves are tested in the API suite (rate-limit.test.ts).
      RATE_LIMIT_GLOBAL_MAX: '20000',
      // Provisioning steps of one second: polling stays visible without slowing the suite down.
      SIMULATOR_STEP_SECONDS: '1',
      // E2E_EVENT_STREAM=false runs the suite with server push off: the panel must work by polling alone.
      EVENT_STREAM: process.env.E2E_EVENT_STREAM ?? 'true',
      // The suite's ISO mirror runs on this machine: the operator's setting that lets imports use it.
      ISO_MIRROR_ORIGINS: isoMirrorOrigin,
      ISO_MIRROR_CA_FILE: isoMirrorCaFile,
    },
  },
});
