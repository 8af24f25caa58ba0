import { useLocation } from 'preact-iso';
import { must } from '../../api/http.js';
import {
  Button,
  CopyButton,
  Details,
  Loading,
  PageHeader,
  ProblemAlert,
  Section,
  Time,
} from '../../ui/components.js';
import { useApi } from '../../ui/session.js';
import { withQuery } from '../../lib/query.js';
import { QuoteCard, quoteState, useNow } from './quote-card.js';
import type { Quote } from './types.js';
import { useSubmit } from './use-submit.js';
import { useWatch } from './use-watch.js';

const settled = (q: Quote) =>
  q.consumedAt !== null || new Date(q.expiresAt).getTime() <= Date.now();

/**
 * /console/quotes/:quoteId: a quote's terms and whether it was used (GET /v1/quotes/{id}, watched
 * until used or expired), with what can be done with it while it lasts.
 */
export function QuotePage(props: { quoteId: string }) {
  const quote = useWatch<Quote>(`/v1/quotes/${encodeURIComponent(props.quoteId)}`, settled, 2000);
  const q = quote.data;
  if (!q) {
    return (
      <div>
        <PageHeader title="Quote" subtitle={<code>{props.quoteId}</code>} />
        {quote.error ? <ProblemAlert problem={quote.error} /> : <Loading what="the quote" />}
      </div>
    );
  }
  return (
    <div>
      <PageHeader
        title={`Quote ${q.sourceAsset} → ${q.targetAsset}`}
        subtitle={
          <>
            <code>{q.id}</code> <CopyButton value={q.id} label="Copy the quote id" />
          </>
        }
      />
      <ProblemAlert problem={quote.error} />
      <Section title="Terms">
        <Details
          items={[
            [
              'Account',
              <a href={`/console/accounts/${q.accountId}`}>
                <code>{q.accountId}</code>
              </a>,
            ],
            ['Created', <Time iso={q.createdAt} />],
            ['Used at', <Time iso={q.consumedAt} />],
          ]}
        />
        <QuoteCard quote={q} />
      </Section>
      <UseQuote quote={q} />
    </div>
  );
}

function UseQuote(props: { quote: Quote }) {
  const api = useApi();
  const { route } = useLocation();
  const q = props.quote;
  const now = useNow(true);
  const submitter = useSubmit();
  if (quoteState(q, now) !== 'USABLE' || q.sourceAsset === q.targetAsset) return null;
  const swap = async () => {
    const op = await submitter.submit({ accountId: q.accountId, quoteId: q.id }, (b, key) =>
      must(
        api.POST('/v1/operations/swap', {
          body: b,
          params: { header: { 'Idempotency-Key': key } },
        }),
      ),
    );
    if (op) route(`/console/operations/${op.id}`);
  };
  // The forms take the quote's side that is theirs: a deposit pays in the source, a withdrawal
  // pays out the target (docs/api.md "Cross-asset withdrawals and deposits").
  const with_ = (form: string, asset?: string, amount?: string) =>
    withQuery(`/console/operations/new/${form}`, {
      accountId: q.accountId,
      quoteId: q.id,
      asset,
      amount,
    });
  return (
    <Section title="Use it">
      <div class="actions">
        <Button kind="primary" busy={submitter.busy} onClick={() => void swap()}>
          Swap {q.sourceAsset} → {q.targetAsset} now
        </Button>
        <a class="money-a btn btn-secondary" href={with_('transfer')}>
          Transfer to another account with it
        </a>
        <a class="money-a btn btn-secondary" href={with_('deposit', q.sourceAsset, q.sourceAmount)}>
          Deposit with it
        </a>
        <a class="money-a btn btn-secondary" href={with_('withdrawal', undefined, q.targetAmount)}>
          Withdraw with it
        </a>
      </div>
      <ProblemAlert problem={submitter.problem} />
    </Section>
  );
}
