import { StatusBadge } from '../../ui/components.js';
import { shortId } from './short-id.js';
import type { Delivery } from './types.js';

/** An event's deliveries in a feed row: one line per subscription, its state in words. */
export function DeliveriesCell(props: { deliveries: Delivery[] }) {
  if (props.deliveries.length === 0) {
    return <span class="muted small">no subscription selected it</span>;
  }
  return (
    <ul class="plain deliveries">
      {props.deliveries.map((d) => (
        <li key={d.messageId}>
          <StatusBadge status={d.status} />{' '}
          <a href={`/console/webhooks/${d.subscriptionId}`} title={d.subscriptionId} class="small">
            {shortId(d.subscriptionId)}
          </a>{' '}
          <span class="muted small">
            {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
          </span>
        </li>
      ))}
    </ul>
  );
}
