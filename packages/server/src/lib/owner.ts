/**
 * Whose request this is, as every read and write scoped by its owner takes it: the customer, and
 * the accounts of the customer its API client is bound to (docs/api.md "Clients bound to
 * accounts"). An account outside `accounts` is to the request as another customer's: 404
 * RESOURCE_NOT_FOUND, and absent from every list. The auth context is one (plugins/auth-context.ts).
 */
export interface Owner {
  readonly customerId: string;
  /** undefined: every account of the customer (a client bound to none, as every client before). */
  readonly accounts?: ReadonlySet<string> | undefined;
}

/** Whether the owner may reach this account id at all (before asking whether the customer has it). */
export function reachesAccount(owner: Owner, accountId: string): boolean {
  return owner.accounts === undefined || owner.accounts.has(accountId);
}

/** The bound accounts as a list for SQL `IN (…)`, or undefined when the owner is bound to none. */
export function boundAccountList(owner: Owner): string[] | undefined {
  return owner.accounts === undefined ? undefined : [...owner.accounts].sort();
}
