import { StatusBadge, Time } from '../../ui/components.js';
import { DataTable } from './tables.js';
import type { Operation } from './types.js';

/**
 * Every state the operation reached, oldest first, with when (docs/api.md "Operations":
 * REQUESTED → PROCESSING → COMPLETED | FAILED, each at most once), and how long after the
 * request each came.
 */
export function StateHistory(props: { states: Operation['states'] }) {
  const start = props.states[0] ? new Date(props.states[0].at).getTime() : 0;
  return (
    <DataTable
      caption="State history, oldest first"
      hideCaption
      columns={['State', 'At', { label: 'After', right: true }, 'Reason']}
    >
      {props.states.map((s) => (
        <tr key={s.status}>
          <td>
            <StatusBadge status={s.status} />
          </td>
          <td>
            <Time iso={s.at} />
          </td>
          <td class="right num">{elapsed(new Date(s.at).getTime() - start)}</td>
          <td>{s.reason ? `${s.reason.code}: ${s.reason.message}` : '—'}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function elapsed(ms: number): string {
  if (ms < 1000) return `${Math.max(0, ms)} ms`;
  if (ms < 120_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.round(ms / 60_000)} min`;
}
