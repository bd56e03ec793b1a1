import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

const testFiles = ['src', 'test'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => join(dir, file)),
);
/**
 * Files that replace a module with `vi.mock` (the compute driver, mostly) need a module registry of
 * their own, or the mock would reach, or miss, the other files of their worker.
 */
const mockingFiles = testFiles.filter((file) => readFileSync(file, 'utf8').includes('vi.mock('));

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    // A focused test (`.only`) fails the run instead of skipping every other test.
    allowOnly: false,
    hookTimeout: 60_000,
    // Files run in parallel, each against its own database cloned from the migrated template.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'mocking', include: mockingFiles },
      },
      {
        extends: true,
        // The other files of a worker share one module registry instead of each importing Fastify,
        // drizzle and every module again: that import was 40% of the run. Every file still builds its
        // own app on its own database; nothing the API keeps in a module outlives an app.
        test: { name: 'shared', include: testFiles.filter((f) => !mockingFiles.includes(f)), isolate: false },
      },
    ],
  },
});
