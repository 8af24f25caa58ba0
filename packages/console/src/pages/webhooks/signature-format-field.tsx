import { SIGNATURE_FORMATS, type SignatureFormat } from './types.js';

/** What each format sends (docs/webhooks.md "What a delivery looks like"). */
const FORMAT_HINTS: Record<SignatureFormat, string> = {
  cofre:
    'X-Message-Id, X-Message-Timestamp and X-Message-Signature: v1=<hex>, fixed when the message is created (verify as in docs/webhooks.md).',
  'standard-webhooks':
    'webhook-id, webhook-timestamp and webhook-signature: v1,<base64>, signed per attempt: the stock Standard Webhooks and Svix libraries verify it.',
};

/** The two signature formats as radio buttons, each with the headers it sends. */
export function SignatureFormatField(props: {
  value: SignatureFormat;
  onChange: (format: SignatureFormat) => void;
}) {
  return (
    <fieldset>
      <legend>Signature format</legend>
      {SIGNATURE_FORMATS.map((format) => (
        <label class="checkbox radio-choice" key={format}>
          <input
            type="radio"
            name="signatureFormat"
            value={format}
            checked={props.value === format}
            onChange={() => props.onChange(format)}
          />
          <span>
            <code>{format}</code>
            <span class="muted small event-description">{FORMAT_HINTS[format]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
