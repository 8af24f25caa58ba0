import {
  listenForNotifications,
  type ListenerLog,
  type ListenerOptions,
  type NotificationListener,
} from '../../db/pg-notifications.js';
import { LISTEN_CHANNEL, type ListenSignal } from './listen-signal.js';

/**
 * The API process's one LISTEN connection for listen streams (PostgreSQL): a notification names
 * the subscription whose streams wake; connecting and reconnecting wake every stream, since what
 * was announced meanwhile was missed. The streams' safety poll (COFRE_LISTEN_POLL_MS) covers the
 * outage itself.
 */
export function listenForStreamWakeups(
  url: string,
  signal: ListenSignal,
  log: ListenerLog,
  options: ListenerOptions,
): Promise<NotificationListener> {
  return listenForNotifications(
    url,
    {
      channel: LISTEN_CHANNEL,
      onNotification: (subscriptionId) =>
        signal.wake(subscriptionId === '' ? undefined : subscriptionId),
      onConnected: () => signal.wake(),
    },
    log,
    options,
  );
}
