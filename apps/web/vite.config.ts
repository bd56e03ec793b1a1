import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTarget = process.env.NIMBUS_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    host: '127.0.0.1',
    proxy: { '/api': apiTarget, '/dev': apiTarget },
  },
  build: { chunkSizeWarningLimit: 900, sourcemap: false },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // Component tests render whole MUI pages; on a busy 2-core machine 5 s is too tight.
    testTimeout: 20_000,
  },
});
