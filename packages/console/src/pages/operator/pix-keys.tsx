import { useState } from 'preact/hooks';
import type { PixKeyEntry } from '../../api/admin.js';
import { must } from '../../api/http.js';
import type { ApiProblem } from '../../api/problem.js';
import { Button, Details, Field, ProblemAlert, Section, Time } from '../../ui/components.js';
import { ActionButton } from './action-dialog.js';
import { useAdmin } from './admin-hooks.js';
import { Notice } from './parts.js';
import { formatTaxId } from '../../lib/format.js';

/**
 * The production PIX directory (docs/admin.md "PIX key directory"): look a key up (unmasked),
 * register or replace its entry, remove it. The sandbox never reads it (its directory is
 * derived from each key), so there these calls succeed and change nothing a customer sees.
 */
export function PixKeysSection(props: { sandbox: boolean }) {
  const { api } = useAdmin();
  const [key, setKey] = useState('');
  const [entry, setEntry] = useState<PixKeyEntry | null>();
  const [problem, setProblem] = useState<ApiProblem>();
  const [notice, setNotice] = useState<string>();
  const [form, setForm] = useState({ type: 'INDIVIDUAL', name: '', taxId: '', ispb: '', bank: '' });
  const [busy, setBusy] = useState(false);
  const path = () => ({ params: { path: { key: key.trim() } } });

  const lookUp = async () => {
    setProblem(undefined);
    setNotice(undefined);
    try {
      setEntry(await must(api.GET('/admin/v1/pix/keys/{key}', path())));
    } catch (error) {
      const refusal = error as ApiProblem;
      if (refusal.status === 404 && refusal.code === 'RESOURCE_NOT_FOUND') setEntry(null);
      else setProblem(refusal);
    }
  };
  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      const saved = await must(
        api.PUT('/admin/v1/pix/keys/{key}', {
          ...path(),
          body: {
            holder: {
              type: form.type as 'INDIVIDUAL' | 'COMPANY',
              name: form.name,
              taxId: form.taxId,
            },
            ...(form.ispb ? { bank: { ispb: form.ispb, name: form.bank } } : {}),
          },
        }),
      );
      setEntry(saved);
      setNotice(`${saved.key} is registered.`);
    } catch (error) {
      setProblem(error as ApiProblem);
    } finally {
      setBusy(false);
    }
  };
  const input = (name: keyof typeof form, label: string, hint?: string) => (
    <Field label={label} hint={hint}>
      {(id, describedBy) => (
        <input
          id={id}
          aria-describedby={describedBy}
          value={form[name]}
          onInput={(e) => setForm((f) => ({ ...f, [name]: e.currentTarget.value }))}
        />
      )}
    </Field>
  );

  return (
    <Section title="PIX key directory">
      {props.sandbox && (
        <p class="alert alert-info">
          Sandbox: the PIX directory customers see is simulated (derived from each key,
          docs/sandbox.md). Entries kept here are used only in production.
        </p>
      )}
      <form
        class="inline"
        aria-label="Look up a PIX key"
        onSubmit={(e) => (e.preventDefault(), void lookUp())}
      >
        <Field label="PIX key" hint="CPF, CNPJ, e-mail, +55 phone or EVP, as customers type it.">
          {(id, describedBy) => (
            <input
              id={id}
              aria-describedby={describedBy}
              required
              maxLength={100}
              spellcheck={false}
              value={key}
              onInput={(e) => setKey(e.currentTarget.value)}
            />
          )}
        </Field>
        <Button type="submit">Look up</Button>
      </form>
      <Notice>{notice}</Notice>
      <ProblemAlert problem={problem} />
      {entry === null && <p>Not registered: customers paying this key get PIX_KEY_NOT_FOUND.</p>}
      {entry && (
        <>
          <Details
            items={[
              ['Key', <code>{entry.key}</code>],
              ['Type', entry.keyType],
              [
                'Holder',
                `${entry.holder.name} (${entry.holder.type}, ${formatTaxId(entry.holder.taxId)})`,
              ],
              ['Bank', entry.bank ? `${entry.bank.name} (${entry.bank.ispb})` : '—'],
              ['Updated', <Time iso={entry.updatedAt} />],
            ]}
          />
          <ActionButton
            label="Remove key"
            title={`Remove ${entry.key} from the directory?`}
            confirmLabel="Remove"
            kind="danger"
            run={() => must(api.DELETE('/admin/v1/pix/keys/{key}', path())).then(() => true)}
            onDone={(done) => {
              if (done) {
                setEntry(null);
                setNotice(`${entry.key} was removed.`);
              }
            }}
          >
            <p>Payments requested from now on to this key are refused; earlier ones keep theirs.</p>
          </ActionButton>
        </>
      )}
      <form aria-label="Register or replace a PIX key's entry" onSubmit={(e) => void save(e)}>
        <h3>Register or replace the entry of the key above</h3>
        <Field label="Holder type">
          {(id) => (
            <select
              id={id}
              value={form.type}
              onChange={(e) => setForm((f) => ({ ...f, type: e.currentTarget.value }))}
            >
              <option value="INDIVIDUAL">INDIVIDUAL (CPF)</option>
              <option value="COMPANY">COMPANY (CNPJ)</option>
            </select>
          )}
        </Field>
        {input('name', 'Holder name')}
        {input('taxId', 'Holder tax id', 'CPF or CNPJ; check digits are verified.')}
        {input('ispb', 'Bank ISPB', 'Optional: 8 digits.')}
        {input('bank', 'Bank name', 'With the ISPB.')}
        <Button kind="primary" type="submit" busy={busy} disabled={!key.trim()}>
          Save entry
        </Button>
      </form>
    </Section>
  );
}
