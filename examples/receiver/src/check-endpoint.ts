import type { WebhookReceiver } from '@cofre/sdk/webhooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ResourceState } from './resource-state.js';

/**
 * The check endpoint `cofre webhooks check` reads (docs/webhooks.md "Grade your receiver"),
 * under `<webhook path>/cofre-check`:
 *
 * - `GET …/messages/<messageId>` → `{"processed": n}`: how many times the message was acted on;
 * - `GET …/resources/<resourceId>` → `{"status": "…"}` (or `null`): what the receiver holds.
 *
 * It waits for the handlers still running (`receiver.idle()`), so it reflects every delivery
 * answered before it was asked, as the grader expects. It tells only counts and statuses of ids
 * you name, yet it is for grading: turn it on where you run the grader, not in production.
 */
export function createCheckEndpoint(receiver: WebhookReceiver, state: ResourceState) {
  return (subpath: string, request: IncomingMessage, response: ServerResponse): void => {
    const answer = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    let parts: string[];
    try {
      parts = subpath.split('/').map(decodeURIComponent);
    } catch {
      parts = []; // a malformed %-escape names nothing
    }
    const [kind, id, ...rest] = parts;
    if (request.method !== 'GET' || id === undefined || id === '' || rest.length > 0) {
      answer(404, { error: 'NOT_FOUND' });
      return;
    }
    void receiver.idle().then(() => {
      if (kind === 'messages') answer(200, { processed: state.runsOf(id) });
      else if (kind === 'resources') answer(200, { status: state.statusOf(id) });
      else answer(404, { error: 'NOT_FOUND' });
    });
  };
}
