import type { PixRailConfig } from '../../../config/rails-config.js';
import type { ApiPix } from './api-pix.js';
import type { PspTransport } from './psp-transport.js';

/**
 * The PSP as the worker reaches it: the transport from COFRE_PIX_PSP_* (its files read now) and
 * the API Pix client over it. Throws an Error naming the variable whose file cannot be read.
 */
export function connectPsp(_config: PixRailConfig): { api: ApiPix; transport: PspTransport } {
  throw new Error('the PSP client is not wired yet');
}
