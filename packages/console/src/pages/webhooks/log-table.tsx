import { StatusBadge, Time } from '../../ui/components.js';
import type { ExecutionLogSummary } from './types.js';

export function httpText(status: number): string {
  return status === 0 ? 'no answer' : String(status);
}

/** Attempts as rows: each links to its page, with the exact body and headers sent. */
export function LogTable(props: {
  logs: ExecutionLogSummary[];
  caption: string;
  current?: string;
}) {
  return (
    <div class="table-wrap">
      <table class="log-table">
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Event type</th>
            <th scope="col">Message id</th>
            <th scope="col" class="right">
              HTTP
            </th>
            <th scope="col" class="right">
              Duration
            </th>
            <th scope="col">Trigger</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {props.logs.map((log) => (
            <tr
              key={log.id}
              data-log-id={log.id}
              aria-current={log.id === props.current ? 'true' : undefined}
            >
              <td>
                <a href={`/console/webhooks/${log.subscriptionId}/logs/${log.id}`}>
                  <Time iso={log.createdAt} />
                </a>
              </td>
              <td>
                <code>{log.eventType}</code>
              </td>
              <td>
                <code class="small">{log.messageId}</code>
              </td>
              <td class="right num" title={log.error ?? undefined}>
                {httpText(log.httpStatus)}
              </td>
              <td class="right num">{log.durationMs} ms</td>
              <td>
                <span class={`trigger trigger-${log.trigger.toLowerCase()}`}>{log.trigger}</span>
              </td>
              <td>
                <StatusBadge status={log.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
