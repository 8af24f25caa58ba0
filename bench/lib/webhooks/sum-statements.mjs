// node bench/lib/webhooks/sum-statements.mjs <dir> <deliveries>: each worker's statements from
// count-statements.cjs, in total and per delivery, with the most frequent kinds.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, deliveries = '20000'] = process.argv.slice(2);
for (const name of readdirSync(dir).filter((f) => f.startsWith('statements-'))) {
  const counts = JSON.parse(readFileSync(join(dir, name), 'utf8'));
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`${name}: ${total} statements, ${(total / deliveries).toFixed(3)} per delivery`);
  for (const [text, n] of Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15))
    console.log(`  ${String(n).padStart(7)}  ${(n / deliveries).toFixed(3)}  ${text}`);
}
