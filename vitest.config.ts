import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/test/**/*.test.ts',
      'examples/*/test/**/*.test.ts',
      'bench/test/**/*.test.ts',
    ],
    globalSetup: ['packages/server/test/helpers/global-setup.ts'],
    pool: 'forks',
    // Two test files at once. Vitest's default is one fewer than the cores (one file at a time
    // on a 2-core machine), but most of a file's time is spent waiting on a database, a child
    // process or a socket, so a second file fills it: on the 2-core machine the suite's wall
    // time dropped from 810 s (files one after another) to 461 s.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // How long Vitest waits for its workers to close at the end of a run. Nothing here checks
    // for handles (servers, pools, workers) a test file leaves open: tests close what they open
    // in afterAll/afterEach, and when a run will not exit, `npx vitest run --reporter=hanging-process`
    // lists what keeps it alive.
    teardownTimeout: 10_000,
  },
});
