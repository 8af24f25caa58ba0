// Not a test: a measurement (issue 23 point 6). What serialising a list page costs when every
// item's metadata is parsed and serialised again ("parsed", the code before lib/stored-metadata.ts)
// against writing the stored JSON into the serialised page ("stored"). The page is the heaviest
// one the API allows: 100 items, 50 metadata pairs of 500 characters (with characters JSON must
// escape). Runs against the BUILT package (`npx tsc -b` first):
//
//   node packages/server/test/tools/stored-metadata.micro.mjs
//
// Prints CPU ms per page (process.cpuUsage over 200 pages after a warm-up), twice each,
// alternated, and checks both give the same JSON.
import fastJsonStringify from 'fast-json-stringify';
import { Buffer } from 'node:buffer';
import { StoredMetadata } from '../../dist/lib/stored-metadata.js';

const item = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    type: { type: 'string' },
    status: { type: 'string' },
    balances: {
      type: 'array',
      items: {
        type: 'object',
        properties: { asset: { type: 'string' }, available: { type: 'string' } },
      },
    },
    metadata: { type: 'object', additionalProperties: { type: 'string' } },
    createdAt: { type: 'string' },
  },
};
const serialise = fastJsonStringify({
  type: 'object',
  properties: {
    data: { type: 'array', items: item },
    meta: { type: 'object', properties: { total: { type: 'integer' } } },
  },
});

const metadata = {};
for (let k = 0; k < 50; k++) metadata[`key${k}`] = `v${k} é"\\`.padEnd(500, 'x');
const rows = Array.from({ length: 100 }, (_, i) => ({
  id: `acc_${i}`,
  type: 'CHECKING',
  status: 'ACTIVE',
  balances: [{ asset: 'BRL', available: '1.00' }],
  metadata: JSON.stringify(metadata),
  createdAt: '2026-01-01T00:00:00.000Z',
}));

const parsed = () =>
  serialise({
    data: rows.map((r) => ({ ...r, metadata: JSON.parse(r.metadata) })),
    meta: { total: 100 },
  });
const stored = () => {
  const slots = new StoredMetadata();
  const page = {
    data: rows.map((r) => ({ ...r, metadata: slots.slot(r.metadata) })),
    meta: { total: 100 },
  };
  return slots.splice(serialise(page)).join('');
};

if (JSON.stringify(JSON.parse(parsed())) !== JSON.stringify(JSON.parse(stored()))) {
  throw new Error('the two pages differ');
}
// Buffer.byteLength flattens the string, as writing it to a socket does.
const use = (json) => Buffer.byteLength(json);
console.log(`page of ${rows.length} items, ${use(parsed())} bytes`);
for (const [label, build] of [
  ['parsed', parsed],
  ['stored', stored],
  ['parsed', parsed],
  ['stored', stored],
]) {
  for (let i = 0; i < 20; i++) use(build());
  const start = process.cpuUsage();
  const n = 200;
  for (let i = 0; i < n; i++) use(build());
  const cpu = process.cpuUsage(start);
  console.log(`  ${label}: ${((cpu.user + cpu.system) / n / 1000).toFixed(2)} ms CPU per page`);
}
