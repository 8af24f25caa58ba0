/**
 * What the server says about itself to the console (`GET /console/config.json`, docs/console.md):
 * which environment this deployment is, and whether its back-office is on.
 */
export interface ConsoleConfig {
  environment: 'sandbox' | 'production';
  /** True when COFRE_ADMIN_TOKEN is set: the operator view can sign in. */
  adminEnabled: boolean;
  /** The server's version, shown in the footer. */
  version: string;
}

export async function loadConsoleConfig(): Promise<ConsoleConfig> {
  const response = await fetch('/console/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`GET /console/config.json answered ${response.status}`);
  return (await response.json()) as ConsoleConfig;
}
