import type { Environment } from '../../config/environment.js';
import type { PixDirectory } from './pix-directory.js';
import { sandboxPixDirectory } from './sandbox-pix-directory.js';
import { storedPixDirectory } from './stored-pix-directory.js';

/** The sandbox answers every key deterministically; production only what the operator stored. */
export const pixDirectoryFor = (environment: Environment): PixDirectory =>
  environment === 'sandbox' ? sandboxPixDirectory : storedPixDirectory;
