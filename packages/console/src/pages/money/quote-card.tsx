import { useEffect, useState } from 'preact/hooks';
import { Details, Money, StatusBadge, Time } from '../../ui/components.js';
import { FeesTable } from './tables.js';
import type { Quote } from './types.js';

/** Now, once a second while `running` (for countdowns). */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

export type QuoteState = 'USABLE' | 'USED' | 'EXPIRED';

export function quoteState(q: Quote, now: number): QuoteState {
  if (q.consumedAt) return 'USED';
  return new Date(q.expiresAt).getTime() <= now ? 'EXPIRED' : 'USABLE';
}

/**
 * A quote's terms (docs/api.md "Quotes"): what is paid (fees included), what is received, the
 * rate applied to the converted part, the fee lines, and how long it can still be used.
 */
export function QuoteCard(props: { quote: Quote }) {
  const q = props.quote;
  const expires = new Date(q.expiresAt).getTime();
  const now = useNow(!q.consumedAt && expires > Date.now());
  const state = quoteState(q, now);
  const left = Math.max(0, Math.ceil((expires - now) / 1000));
  return (
    <div class="money-quote">
      <Details
        items={[
          ['You pay (fees included)', <Money amount={q.sourceAmount} asset={q.sourceAsset} />],
          ['You receive', <Money amount={q.targetAmount} asset={q.targetAsset} />],
          [
            'Rate',
            <span class="money-rate">
              1 {q.effectiveRate.base} = {q.effectiveRate.value} {q.effectiveRate.quote}
            </span>,
          ],
          ['State', <StatusBadge status={state} />],
          [
            state === 'USABLE' ? 'Expires in' : 'Expires',
            state === 'USABLE' ? (
              <span class="num" role="timer" aria-live="off">
                {left} s
              </span>
            ) : (
              <Time iso={q.expiresAt} />
            ),
          ],
          [
            'Used by',
            q.operationId ? (
              <a href={`/console/operations/${q.operationId}`}>
                <code>{q.operationId}</code>
              </a>
            ) : (
              '—'
            ),
          ],
        ]}
      />
      <FeesTable fees={q.fees} caption="Quote fees" />
    </div>
  );
}
