import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { must } from '../../api/http.js';
import { Button, MagicHint, PageHeader, ProblemAlert, Section } from '../../ui/components.js';
import { useApi } from '../../ui/session.js';
import { heldAmount, magicAmount } from './checks.js';
import { ExtrasFields, extrasBody, useExtras } from './extras.js';
import { QuoteCard, quoteState, useNow } from './quote-card.js';
import { QuoteForm } from './quote-form.js';
import { SandboxHints } from './sandbox-hints.js';
import type { Quote } from './types.js';
import { useSubmit } from './use-submit.js';

/**
 * /console/operations/new/swap: get a quote (POST /v1/quotes), read its rate, fees and expiry,
 * then swap at it (POST /v1/operations/swap) before it lapses.
 */
export function SwapPage(props: { query?: Record<string, string> }) {
  const [quote, setQuote] = useState<Quote>();
  return (
    <div>
      <PageHeader
        title="Swap"
        subtitle="Convert one asset of an account into another at a quoted rate."
      />
      <Section title="1. Get a quote">
        <QuoteForm
          accountId={props.query?.accountId}
          onQuote={setQuote}
          submitLabel={quote ? 'Get a new quote' : 'Get a quote'}
          hints={(fill, sourceAsset) => (
            <SandboxHints>
              <MagicHint
                label="A swap that fails"
                outcome={`Pay ${magicAmount(sourceAsset)} ${sourceAsset} (ends in 66): the swap goes PROCESSING, then FAILED with RAIL_REJECTED; nothing is converted.`}
                onApply={() =>
                  fill({ side: 'source', amount: magicAmount(sourceAsset) }, sourceAsset)
                }
              />
              <MagicHint
                label="A swap held for the back-office"
                outcome={`Pay ${heldAmount(sourceAsset)} ${sourceAsset} (ends in 77): the swap stays REQUESTED until an operator completes or fails it.`}
                onApply={() =>
                  fill({ side: 'source', amount: heldAmount(sourceAsset) }, sourceAsset)
                }
              />
            </SandboxHints>
          )}
        />
      </Section>
      {quote && <SwapAtQuote key={quote.id} quote={quote} />}
    </div>
  );
}

function SwapAtQuote(props: { quote: Quote }) {
  const api = useApi();
  const { route } = useLocation();
  const q = props.quote;
  const now = useNow(true);
  const usable = quoteState(q, now) === 'USABLE';
  const [extras, setExtras] = useExtras();
  const [metadataError, setMetadataError] = useState<string>();
  const submitter = useSubmit();

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const extra = extrasBody(extras, { description: true, externalReference: true });
    setMetadataError(extra.kind === 'bad' ? extra.error : undefined);
    if (extra.kind === 'bad') return;
    const body = { accountId: q.accountId, quoteId: q.id, ...extra.body };
    const op = await submitter.submit(body, (b, key) =>
      must(
        api.POST('/v1/operations/swap', {
          body: b,
          params: { header: { 'Idempotency-Key': key } },
        }),
      ),
    );
    if (op) route(`/console/operations/${op.id}`);
  };

  return (
    <Section title="2. Swap at this quote">
      <p>
        Quote{' '}
        <a href={`/console/quotes/${q.id}`}>
          <code>{q.id}</code>
        </a>
      </p>
      <QuoteCard quote={q} />
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Swap at the quote">
        <ExtrasFields
          value={extras}
          onChange={setExtras}
          submitter={submitter}
          metadataError={metadataError}
          description
          externalReference
        />
        {!usable && (
          <p class="alert alert-info" role="status">
            This quote can no longer be used: get a new one above.
          </p>
        )}
        <ProblemAlert problem={submitter.problem} />
        <Button kind="primary" type="submit" busy={submitter.busy} disabled={!usable}>
          Swap {q.sourceAsset} → {q.targetAsset}
        </Button>
      </form>
    </Section>
  );
}
