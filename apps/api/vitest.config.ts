import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    // A focused test (`.only`) fails the run instead of skipping every other test.
    allowOnly: false,
    hookTimeout: 60_000,
    // Files run in parallel, each against its own database cloned from the migrated template.
    pool: 'forks',
    maxWorkers: 2,
  },
});
