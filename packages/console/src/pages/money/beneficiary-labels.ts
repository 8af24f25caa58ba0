import type { PaymentInstruction } from './types.js';

/** A payment instruction in one line: "PIX EMAIL maria@example.com", "USDT on TRON: T…". */
export function instructionLabel(i: PaymentInstruction): string {
  switch (i.rail) {
    case 'PIX':
      return `PIX ${i.keyType} ${i.key}`;
    case 'BANK_ACCOUNT':
      return `Bank ${i.ispb} · branch ${i.branch} · ${i.accountType.toLowerCase()} ${i.accountNumber}`;
    case 'CRYPTO_WALLET':
      return `${i.asset} on ${i.network}: ${i.address}`;
  }
}
