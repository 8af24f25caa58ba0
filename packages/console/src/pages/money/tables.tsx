import type { ComponentChildren } from 'preact';
import { Empty, Money } from '../../ui/components.js';
import type { Balance, Fee } from './types.js';

export interface Column {
  label: string;
  /** Numbers are right-aligned. */
  right?: boolean;
}

/**
 * A table with its caption and column headers (`scope="col"`), inside a region that scrolls
 * sideways on a narrow screen instead of widening the page; the region is focusable so a
 * keyboard user can scroll it too.
 */
export function DataTable(props: {
  caption: string;
  columns: readonly (Column | string)[];
  children: ComponentChildren;
  hideCaption?: boolean;
}) {
  return (
    <div class="table-wrap money-table" role="region" aria-label={props.caption} tabIndex={0}>
      <table>
        <caption class={props.hideCaption ? 'money-sr-only' : undefined}>{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((c) => {
              const col = typeof c === 'string' ? { label: c } : c;
              return (
                <th scope="col" key={col.label} class={col.right ? 'right' : undefined}>
                  {col.label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}

/** Available, pending and total per asset (docs/api.md "Balances and statement"). */
export function BalancesTable(props: {
  caption: string;
  balances: readonly Balance[];
  hideCaption?: boolean;
}) {
  return (
    <DataTable
      caption={props.caption}
      hideCaption={props.hideCaption}
      columns={[
        'Asset',
        { label: 'Available', right: true },
        { label: 'Pending', right: true },
        { label: 'Total', right: true },
      ]}
    >
      {props.balances.map((b) => (
        <tr key={b.asset}>
          <th scope="row">{b.asset}</th>
          <td class="right">
            <Money amount={b.available} asset={b.asset} />
          </td>
          <td class="right">
            <Money amount={b.pending} asset={b.asset} />
          </td>
          <td class="right">
            <Money amount={b.total} asset={b.asset} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** What cofre charged, one line per component (docs/api.md "Fees"). */
export function FeesTable(props: {
  fees: readonly Fee[];
  caption?: string;
  hideCaption?: boolean;
}) {
  if (props.fees.length === 0) return <p>No fees: this one is free.</p>;
  return (
    <DataTable
      caption={props.caption ?? 'Fees'}
      hideCaption={props.hideCaption}
      columns={['Type', { label: 'Amount', right: true }]}
    >
      {props.fees.map((f, i) => (
        <tr key={i}>
          <td>{f.type === 'PERCENTAGE' ? 'Percentage' : 'Fixed'}</td>
          <td class="right">
            <Money amount={f.amount} asset={f.asset} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** A resource's metadata pairs, or a line saying it has none. */
export function MetadataTable(props: { metadata: Record<string, string> }) {
  const entries = Object.entries(props.metadata);
  if (entries.length === 0) return <Empty>No metadata.</Empty>;
  return (
    <DataTable caption="Metadata" hideCaption columns={['Key', 'Value']}>
      {entries.map(([k, v]) => (
        <tr key={k}>
          <td>
            <code>{k}</code>
          </td>
          <td class="money-wrap">{v}</td>
        </tr>
      ))}
    </DataTable>
  );
}
