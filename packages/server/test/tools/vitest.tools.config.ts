import { defineConfig } from 'vitest/config';

// Measurements that are not tests (test/tools/*.measure.ts), run on demand only.
export default defineConfig({
  test: {
    include: ['packages/server/test/tools/*.measure.ts'],
    testTimeout: 60_000,
    globalSetup: ['packages/server/test/helpers/global-setup.ts'],
  },
});
