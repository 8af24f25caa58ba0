import type { PixPayoutAdapterName, PixRailConfig } from '../../../config/rails-config.js';
import type { PspTransport } from '../psp/psp-transport.js';
import { efiPayouts } from './efi/efi-payouts.js';
import type { PixPayoutAdapter } from './pix-payout-adapter.js';

/**
 * The payout adapters cofre ships, by their COFRE_PIX_PAYOUT_ADAPTER name (config/rails-config.ts
 * PIX_PAYOUT_ADAPTERS): each over the PSP transport the API Pix client uses (same token, same
 * certificate). Another PSP is one folder beside efi/ and one line here (docs/rails.md "PIX
 * payouts: another PSP").
 */
export const PIX_PAYOUT_ADAPTER_FACTORIES: Record<
  PixPayoutAdapterName,
  (transport: PspTransport, config: PixRailConfig) => PixPayoutAdapter
> = {
  efi: (transport, config) => efiPayouts(transport, { pspUrl: config.pspUrl }),
};
