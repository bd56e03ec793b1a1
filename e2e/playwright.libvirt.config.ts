import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The journey on real servers: the same production build with COMPUTE_DRIVER=libvirt, against the
 * local libvirtd (software emulation) and the driver's test guest. Skipped, and says so, without libvirt.
 */
const port = Number(process.env.E2E_LIBVIRT_PORT ?? 8183);
const pgPort = Number(process.env.E2E_LIBVIRT_PG_PORT ?? 54351);
// The operator CLI of the journey joins this server's database.
process.env.E2E_DATA_DIR = '.data/e2e-libvirt';
process.env.E2E_PG_PORT = String(pgPort);

export default defineConfig({
  ...base,
  testDir: './libvirt',
  timeout: 300_000,
  use: { ...base.use, baseURL: `http://127.0.0.1:${port}` },
  webServer: {
    ...(base.webServer as object),
    command: 'rm -rf ../.data/e2e-libvirt && node ../apps/api/dist/main.js',
    url: `http://127.0.0.1:${port}/api/ready`,
    env: {
      ...((base.webServer as { env: Record<string, string> }).env ?? {}),
      PORT: String(port),
      DATA_DIR: '../.data/e2e-libvirt',
      EMBEDDED_PG_PORT: String(pgPort),
      COMPUTE_DRIVER: 'libvirt',
    },
  },
});
