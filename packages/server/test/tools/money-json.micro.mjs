// Not a test: a measurement (issue 23 point 6). What reading an operation's fees and details costs
// with a JSON.parse reviver ("reviver", the code before) against lib/money-json.ts, which parses
// plainly and then walks the declared money keys ("walk"). The texts are a deposit's: two fees and
// details with a PIX copy-and-paste code. Runs against the BUILT package (`npx tsc -b` first):
//
//   node packages/server/test/tools/money-json.micro.mjs
//
// Prints ns per operation (fees + details, 200,000 of each after a warm-up), twice each,
// alternated, and checks both read the same values.
import { isDeepStrictEqual } from 'node:util';
import { moneyJson } from '../../dist/lib/money-json.js';

const fields = {
  amount: true,
  receivedAmount: true,
  sourceAmount: true,
  targetAmount: true,
  convertedAmount: true,
  notional: true,
};
const keys = new Set(Object.keys(fields));
const fees = JSON.stringify([
  { type: 'FIXED', amount: '150', asset: 'BRL' },
  { type: 'PERCENTAGE', amount: '25', asset: 'BRL' },
]);
const details = JSON.stringify({
  receivedAmount: '125000',
  pixKey: '123e4567-e89b-12d3-a456-426614174000',
  brCode:
    '00020126580014br.gov.bcb.pix0136123e4567-e89b-12d3-a456-4266141740005204000053039865802BR',
  expiresAt: 1_700_000_000_000,
});

const INTEGER_TEXT = /^-?[0-9]+$/;
const reviver = (text) =>
  JSON.parse(text, (key, v) => {
    if (!keys.has(key)) return v;
    if (typeof v === 'string' && INTEGER_TEXT.test(v)) return BigInt(v);
    if (typeof v === 'number') return BigInt(v);
    return v;
  });
const walk = moneyJson(fields).parse;

for (const text of [fees, details]) {
  if (!isDeepStrictEqual(reviver(text), walk(text))) throw new Error('the two reads differ');
}
const n = 200_000;
for (const [label, read] of [
  ['reviver', reviver],
  ['walk', walk],
  ['reviver', reviver],
  ['walk', walk],
]) {
  for (let i = 0; i < 20_000; i++) (read(fees), read(details));
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) (read(fees), read(details));
  const ns = Number(process.hrtime.bigint() - start) / n;
  console.log(`  ${label}: ${ns.toFixed(0)} ns per operation`);
}
