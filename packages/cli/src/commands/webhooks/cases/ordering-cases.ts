import { accepted, observation, type CheckCase } from '../check-case.js';
import { newDeposit } from '../deposit-events.js';

/** How long before its completion the deposit was requested: about the sandbox's timing. */
const REQUESTED_BEFORE_MS = 3_000;

/**
 * Order is not guaranteed (docs/webhooks.md "Answer, deduplicate, replay": a retried message
 * arrives after later ones). The deposit's OPERATION_COMPLETED arrives before its
 * OPERATION_REQUESTED: both must be acknowledged (refusing the older one only makes cofre
 * retry it), and the receiver must still hold COMPLETED, ordering by the event's `atTime` or
 * its time-sortable `id`, never by arrival.
 */
export const outOfOrder: CheckCase = {
  id: 'out-of-order',
  title: 'events out of order',
  expected: () => 'COMPLETED, then the older REQUESTED: both 2xx; holds COMPLETED',
  async run(context) {
    const requestedAt = context.now - REQUESTED_BEFORE_MS;
    const deposit = newDeposit(requestedAt);
    const requested = context.message('OPERATION_REQUESTED', requestedAt, deposit);
    const completed = context.message('OPERATION_COMPLETED', context.now, deposit);
    const first = await context.send(context.attempt(completed, context.now));
    const second = await context.send(context.attempt(requested, context.now));
    const status = await context.check.status(deposit.id);
    return {
      pass: accepted(first) && accepted(second) && status === 'COMPLETED',
      observed: observation(context, [first, second], `holds ${status ?? 'nothing'}`),
    };
  },
};
