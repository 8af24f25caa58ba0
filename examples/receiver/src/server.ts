// Runs the example receiver: COFRE_WEBHOOK_SECRET=whsec_… node dist/server.js
import { createReceiverApp } from './receiver-app.js';

const secret = process.env.COFRE_WEBHOOK_SECRET;
if (secret === undefined || secret === '') {
  console.error('Set COFRE_WEBHOOK_SECRET to the subscription’s signing secret (whsec_…).');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 3000);
const app = createReceiverApp({
  secret: secret.split(','), // several, comma-separated, while you rotate
  databaseFile: process.env.WEBHOOK_DB ?? 'webhooks.db',
  // For `cofre webhooks check` (docs/webhooks.md "Grade your receiver"); off in production.
  checkEndpoint: process.env.COFRE_CHECK_ENDPOINT === 'true',
});

app.server.listen(port, () => {
  console.log(`listening on http://localhost:${port}/webhooks`);
  if (process.env.COFRE_CHECK_ENDPOINT === 'true') {
    console.log(`check endpoint on http://localhost:${port}/webhooks/cofre-check`);
  }
});

// Re-run what a crash or a failed handler left unfinished: at start-up, then every minute.
// Forget handled ids and run counts after 30 days, once a day.
const retry = () =>
  app.receiver.retryExpired().catch((error: unknown) => console.error('retry failed:', error));
void retry();
const timers = [
  setInterval(() => void retry(), 60_000),
  setInterval(() => void app.prune().catch(console.error), 24 * 3600_000),
];

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    timers.forEach(clearInterval);
    void app.close().then(() => process.exit(0));
  });
}
