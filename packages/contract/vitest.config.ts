import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A focused test (`.only`) fails the run instead of skipping every other test.
    allowOnly: false,
  },
});
