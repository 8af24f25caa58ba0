import type { ComponentChildren } from 'preact';
import type { InstructionItem, PaymentInstruction } from '../../api/admin.js';
import { isValidActor } from '../../api/admin.js';
import { ago, formatTaxId } from '../../lib/format.js';
import { useSession } from '../../ui/session.js';

/** Where each operator page lives (routes.tsx mounts them; links use these). */
export const OPERATOR = {
  home: '/console/operator',
  customers: '/console/operator/customers',
  customer: (id: string) => `/console/operator/customers/${encodeURIComponent(id)}`,
  review: '/console/operator/review',
  accounts: '/console/operator/accounts',
  operations: '/console/operator/operations',
  operation: (id: string) => `/console/operator/operations/${encodeURIComponent(id)}`,
  audit: '/console/operator/audit',
  health: '/console/operator/health',
  pix: '/console/operator/pix',
} as const;

/** What an action did, announced politely (role=status) until the next one. */
export function Notice(props: { children: ComponentChildren | undefined }) {
  if (!props.children) return null;
  return (
    <div class="alert alert-ok" role="status">
      {props.children}
    </div>
  );
}

/** "Live · updated 3 s ago" for a polled list. */
export function LiveNote(props: { changedAt: number | undefined }) {
  return (
    <p class="live" aria-live="off">
      Live: refreshes every few seconds
      {props.changedAt ? ` · changed ${ago(new Date(props.changedAt).toISOString())}` : ''}
    </p>
  );
}

/**
 * A warning when the audit name given at sign-in is one the server refuses in X-Admin-Actor
 * (printable ASCII only): reads still work, every action would be a 400.
 */
export function ActorWarning() {
  const { operator } = useSession();
  if (!operator || isValidActor(operator.actor)) return null;
  return (
    <p class="alert alert-error" role="alert">
      Your audit-log name <code>{operator.actor}</code> is not 1–100 printable ASCII characters, so
      the server will refuse every action. Sign out and sign in again with another name.
    </p>
  );
}

/** A payment instruction in one line: where the money would go. */
export function instructionTarget(instruction: PaymentInstruction): string {
  switch (instruction.rail) {
    case 'PIX':
      return `PIX ${instruction.keyType} ${instruction.key}`;
    case 'BANK_ACCOUNT':
      return `Bank ${instruction.ispb} · branch ${instruction.branch} · ${instruction.accountType} ${instruction.accountNumber}`;
    case 'CRYPTO_WALLET':
      return `${instruction.asset} on ${instruction.network} · ${instruction.address}`;
  }
}

/** The beneficiary's holder as a reviewer reads it: name, kind and tax id. */
export function holderLine(item: InstructionItem): string {
  const { holder } = item;
  return `${holder.name} · ${holder.type === 'INDIVIDUAL' ? 'CPF' : 'CNPJ'} ${formatTaxId(holder.taxId)}`;
}

/**
 * A table's scroll container (tables scroll sideways on a phone): focusable and named, so a
 * keyboard can scroll it too (WCAG 2.1.1; axe "scrollable-region-focusable").
 */
export function TableWrap(props: { label: string; children: ComponentChildren }) {
  return (
    <div class="table-wrap op-table" tabIndex={0} role="region" aria-label={props.label}>
      {props.children}
    </div>
  );
}

/** An id in monospace with its link, when it has a page here. */
export function IdLink(props: { id: string; href?: string | undefined }) {
  return props.href ? (
    <a href={props.href}>
      <code>{props.id}</code>
    </a>
  ) : (
    <code>{props.id}</code>
  );
}
