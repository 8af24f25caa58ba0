import type { PixRailConfig } from '../../../config/rails-config.js';
import type { Clock } from '../../../lib/clock.js';
import type { ApiPix } from './api-pix.js';
import { apiPixClient } from './api-pix-client.js';
import { httpsPspTransport } from './https-psp-transport.js';
import { pspTransportOptions } from './psp-transport-options.js';
import type { PspTransport } from './psp-transport.js';

/**
 * The PSP as the worker reaches it: the transport from COFRE_PIX_PSP_* (its files read now) and
 * the API Pix client over it. Throws an Error naming the variable whose file cannot be read.
 */
export function connectPsp(
  config: PixRailConfig,
  clock: Clock,
): { api: ApiPix; transport: PspTransport } {
  const transport = httpsPspTransport({ ...pspTransportOptions(config), clock });
  return { api: apiPixClient(transport), transport };
}
