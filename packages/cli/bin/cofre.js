#!/usr/bin/env node
// The `cofre` executable. Plain JavaScript and committed, not compiled: npm links a package's
// bins while installing, before the root `prepare` script (`tsc -b`) has built dist/, and it
// silently skips a bin whose file does not exist yet — so a bin inside dist/ left a fresh
// `npm ci` without `npx cofre`. This file always exists and loads the build when it runs.
let runCli;
try {
  ({ runCli } = await import('../dist/cli.js'));
} catch (error) {
  // Either this package's build or the server's (which the CLI imports) is missing.
  const missing =
    error instanceof Error &&
    'code' in error &&
    error.code === 'ERR_MODULE_NOT_FOUND' &&
    /[\\/]dist[\\/]/.test(error.message);
  if (!missing) throw error;
  process.stderr.write(
    'cofre: the CLI is not built yet; run `npm run build` in the repository root, then try again.\n' +
      `  (${error.message.split('\n')[0]})\n`,
  );
  process.exit(1);
}
process.exitCode = await runCli(process.argv);
