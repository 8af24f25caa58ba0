/** Longest error text kept: a node's error can carry a whole request and response. */
const MAX_LENGTH = 500;
const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi;

/**
 * An error of the node as the rail records it for operators (rail_evm_chains, reconciliation
 * reports): named by its class, so a wrong chain is told apart, with every URL replaced — a
 * hosted provider's COFRE_EVM_RPC_URL often carries its API key in the path — and cut short.
 */
export function nodeErrorText(error: unknown): string {
  const text =
    error instanceof Error ? `${error.name}: ${error.message}` : (JSON.stringify(error) ?? 'error');
  return text.replace(URL_PATTERN, '<url>').slice(0, MAX_LENGTH);
}
