import { must } from '../../api/http.js';
import type { ApiProblem } from '../../api/problem.js';
import { Button, Details, ProblemAlert } from '../../ui/components.js';
import { useApi } from '../../ui/session.js';
import { pixKeyTypeOf } from './checks.js';
import { TextInput } from './form-fields.js';
import type { PixKeyAnswer } from './types.js';
import { asProblem } from '../../ui/hooks.js';
import { formatTaxId } from '../../lib/format.js';

export type Lookup =
  | { kind: 'none' }
  | { kind: 'busy' }
  | { kind: 'found'; key: string; answer: PixKeyAnswer }
  | { kind: 'refused'; key: string; problem: ApiProblem };

/**
 * A PIX key and its look-up in the directory (docs/api.md "Looking a key up"): the masked holder
 * and bank, so the payer sees whom they pay before any money moves.
 */
export function PixKeyLookup(props: {
  value: string;
  onInput: (key: string) => void;
  lookup: Lookup;
  onLookup: (lookup: Lookup) => void;
  error?: string | undefined;
}) {
  const api = useApi();
  const key = props.value.trim();
  const type = pixKeyTypeOf(key);
  const run = async () => {
    if (!key) return;
    props.onLookup({ kind: 'busy' });
    try {
      const answer = await must(api.GET('/v1/pix/keys/{key}', { params: { path: { key } } }));
      props.onLookup({ kind: 'found', key, answer });
    } catch (error) {
      props.onLookup({ kind: 'refused', key, problem: asProblem(error) });
    }
  };
  const l = props.lookup;
  const current = (l.kind === 'found' || l.kind === 'refused') && l.key === key ? l : undefined;
  return (
    <div class="money-lookup">
      <TextInput
        label="PIX key"
        hint={`E-mail, +55 phone, CPF, CNPJ or random key (EVP).${type ? ` Reads as ${type}.` : ''}`}
        value={props.value}
        onInput={props.onInput}
        error={props.error}
      />
      <Button busy={l.kind === 'busy'} disabled={!key} onClick={() => void run()}>
        Look up key
      </Button>
      <div role="status" aria-live="polite">
        {current?.kind === 'found' && (
          <div class="money-recipient">
            <h3 class="money-h3">Recipient</h3>
            <Details
              items={[
                ['Name', current.answer.holder.name],
                ['Type', current.answer.holder.type],
                ['Tax id', formatTaxId(current.answer.holder.taxId)],
                [
                  'Bank',
                  current.answer.bank
                    ? `${current.answer.bank.name} (${current.answer.bank.ispb})`
                    : '—',
                ],
                ['Key', `${current.answer.keyType} ${current.answer.key}`],
              ]}
            />
          </div>
        )}
      </div>
      {current?.kind === 'refused' && <ProblemAlert problem={current.problem} />}
    </div>
  );
}
