/** The forms that create an operation, with the account preset when one is known. */
export const NEW_OPERATIONS = [
  ['deposit', 'Deposit'],
  ['withdrawal', 'Withdraw'],
  ['pix-payment', 'Pay PIX'],
  ['transfer', 'Transfer'],
  ['swap', 'Swap'],
  ['order', 'Order'],
] as const;

export function NewOperationLinks(props: { accountId?: string | undefined }) {
  const q = props.accountId ? `?accountId=${encodeURIComponent(props.accountId)}` : '';
  return (
    <>
      {NEW_OPERATIONS.map(([path, label], i) => (
        <a
          key={path}
          class={`money-a btn ${i === 0 ? 'btn-primary' : 'btn-secondary'}`}
          href={`/console/operations/new/${path}${q}`}
        >
          {label}
        </a>
      ))}
    </>
  );
}
