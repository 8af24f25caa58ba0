import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'examples/*/test/**/*.test.ts'],
    globalSetup: ['packages/server/test/helpers/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // How long Vitest waits for its workers to close at the end of a run. Nothing here checks
    // for handles (servers, pools, workers) a test file leaves open: tests close what they open
    // in afterAll/afterEach, and when a run will not exit, `npx vitest run --reporter=hanging-process`
    // lists what keeps it alive.
    teardownTimeout: 10_000,
  },
});
