import type { Describe } from './admin-command.js';

/**
 * How `cofre admin` shows an answer without `--json`: one line per object, the fields an
 * operator decides on first (id, state, amounts, whose), and a hint when a list goes on. The
 * answer's every field is in `--json`; these lines are for reading, never for parsing.
 */

interface Client {
  id: string;
  name: string;
  status: string;
  secretVersion: number;
  createdAt: string;
  permissions?: Record<string, string>;
  scope?: string;
  expiresAt?: string | null;
  allowedNetworks?: string[] | null;
  rateLimit?: number | null;
  accountIds?: string[] | null;
}

interface Instruction {
  id: string;
  rail: string;
  asset: string;
  status: string;
  keyType?: string;
  key?: string;
  network?: string;
  address?: string;
  ispb?: string;
  branch?: string;
  accountNumber?: string;
}

interface Account {
  id: string;
  type: string;
  status: string;
  name?: string | null;
  assets: { asset: string; status: string }[];
}

interface Operation {
  id: string;
  type: string;
  status: string;
  amount: string;
  asset: string;
}

interface ListPage<T> {
  data: T[];
  meta: { nextCursor: string | null };
}

const customerText = (c: { id: string; name: string; createdAt: string }) =>
  `${c.id}  ${c.name}  (created ${c.createdAt})`;

/** A client's line; its restrictions when it has any (docs/admin.md "Restricted clients"). */
const clientText = (c: Client) => {
  const restricted = Object.values(c.permissions ?? {}).some((level) => level !== 'write');
  const limits = [
    restricted ? `scope: ${c.scope || '(none)'}` : undefined,
    c.expiresAt ? `expires ${c.expiresAt}` : undefined,
    c.allowedNetworks ? `from ${c.allowedNetworks.join(',')}` : undefined,
    c.rateLimit ? `${c.rateLimit}/min` : undefined,
    c.accountIds ? `accounts ${c.accountIds.join(',')}` : undefined,
  ].filter((part) => part !== undefined);
  return `${c.id}  ${c.name}  ${c.status}  secret v${c.secretVersion}  (created ${c.createdAt})${limits.map((l) => `  ${l}`).join('')}`;
};

/** Where an instruction pays: its key, address or bank account, as far as it has one. */
const destination = (i: Instruction): string =>
  i.key !== undefined
    ? `${i.keyType ?? 'KEY'} ${i.key}`
    : i.address !== undefined
      ? `${i.network ?? ''} ${i.address}`.trim()
      : `ISPB ${i.ispb ?? '?'} ${i.branch ?? ''}/${i.accountNumber ?? ''}`;

const instructionText = (i: Instruction) =>
  `${i.id}  ${i.rail} ${i.asset}  ${destination(i)}  ${i.status}`;

const accountText = (a: Account) =>
  `${a.id}  ${a.type}${a.name ? ` "${a.name}"` : ''}  ${a.status}  ${a.assets
    .map((s) => `${s.asset} ${s.status}`)
    .join(', ')}`;

const operationText = (o: Operation) => `${o.id}  ${o.type} ${o.amount} ${o.asset}  ${o.status}`;

export const customerLine: Describe = (body, io) =>
  io.out(customerText(body as Parameters<typeof customerText>[0]));

export const clientLine: Describe = (body, io) => io.out(clientText(body as Client));

export const instructionLine: Describe = (body, io) => {
  const b = body as { customerId: string; beneficiaryId: string; instruction: Instruction };
  io.out(`${instructionText(b.instruction)}  (customer ${b.customerId}, ${b.beneficiaryId})`);
};

export const accountLine: Describe = (body, io) => {
  const b = body as { customerId: string; account: Account };
  io.out(`${accountText(b.account)}  (customer ${b.customerId})`);
};

export const operationLine: Describe = (body, io) => {
  const b = body as { customerId: string; operation: Operation };
  io.out(`${operationText(b.operation)}  (customer ${b.customerId})`);
};

/**
 * A list: one line per item, `none` when empty (silence reads as a hang or a failure), and the
 * flag that fetches the next page when there is one.
 */
export function pageLines<T>(item: (value: T) => string, none: string): Describe {
  return (body, io) => {
    const page = body as ListPage<T> | { data: T[]; meta?: undefined };
    if (page.data.length === 0) io.out(none);
    for (const value of page.data) io.out(item(value));
    if (page.meta?.nextCursor) io.out(`more: --cursor ${page.meta.nextCursor}`);
  };
}

export const customerPage = pageLines(customerText, 'no customers');

export const clientList = pageLines(clientText, 'no clients');

export const instructionPage = pageLines(
  (i: {
    customerId: string;
    holder: { name: string; type: string };
    removedAt: string | null;
    instruction: Instruction;
  }) =>
    `${instructionText(i.instruction)}  holder ${i.holder.name} (${i.holder.type})${
      i.removedAt ? '  removed' : ''
    }  (customer ${i.customerId})`,
  'no payment instructions',
);

export const accountPage = pageLines(
  (a: { customerId: string; account: Account }) =>
    `${accountText(a.account)}  (customer ${a.customerId})`,
  'no accounts',
);

export const operationPage = pageLines(
  (o: { customerId: string; operation: Operation }) =>
    `${operationText(o.operation)}  (customer ${o.customerId})`,
  'no operations',
);
