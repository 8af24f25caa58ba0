import { cleanupAll, runBenchmark } from './cleanup.mjs';
import { writeResults } from './report.mjs';

/**
 * A bench that measures the same thing on each of `settings.engines`: `runEngine(engine)` per
 * engine, whatever it started cleaned up before the next, and the results written to
 * bench/results/<name>-<time>.json with the command and the settings.
 */
export function runPerEngine(name, settings, runEngine) {
  return runBenchmark(async () => {
    const results = {
      startedAt: new Date().toISOString(),
      command: process.argv.slice(1).join(' '),
      settings,
      engines: [],
    };
    for (const engine of settings.engines) {
      console.log(`\n== ${engine} ==`);
      try {
        results.engines.push(await runEngine(engine));
      } finally {
        await cleanupAll();
      }
    }
    console.log(`\nresults: ${writeResults(results, name)}`);
  });
}
