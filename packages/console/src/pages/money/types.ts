import type { components, paths } from '@cofre/sdk/openapi';

/**
 * The money area's shapes, all taken from the API's generated types (one source): nothing here is
 * written twice, so a change of the server's schemas shows up as a type error in these pages.
 */
type Schemas = components['schemas'];
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type Account = Schemas['Account'];
export type Balance = Schemas['Balance'];
export type StatementEntry = Schemas['StatementEntry'];
export type StatementPeriod = Schemas['StatementPeriod'];
export type Beneficiary = Schemas['Beneficiary'];
export type PaymentInstruction = Schemas['PaymentInstruction'];
export type Operation = Schemas['Operation'];
export type OperationType = Operation['type'];
export type OperationStatus = Operation['status'];
export type OperationOf<T extends OperationType> = Extract<Operation, { type: T }>;
export type Fee = Operation['fees'][number];
export type Quote = Schemas['Quote'];
export type AssetCode = Balance['asset'];

export type Rate = Json<paths['/v1/rates']['get']['responses'][200]>['data'][number];
export type PixKeyAnswer = Json<paths['/v1/pix/keys/{key}']['get']['responses'][200]>;
export type FundingInstruction = Json<
  paths['/v1/accounts/{accountId}/fundingInstructions']['get']['responses'][200]
>['data'][number];
export type Statement = Json<paths['/v1/accounts/{accountId}/statement']['get']['responses'][200]>;
export type InstructionBody = Json<
  NonNullable<paths['/v1/beneficiaries/{beneficiaryId}/paymentInstructions']['post']['requestBody']>
>;

/** The API's list envelope (docs/api.md "Pagination"). */
export interface Page<T> {
  data: T[];
  meta: { previousCursor: string | null; nextCursor: string | null; total: number };
}

export type { PagePosition } from '../../lib/query.js';

export const OPERATION_TYPES = [
  'DEPOSIT',
  'WITHDRAWAL',
  'SWAP',
  'ORDER',
  'PIX_PAYMENT',
  'TRANSFER',
  'PIX_REFUND',
  'REVERSAL',
] as const satisfies readonly OperationType[];

export const OPERATION_STATUSES = [
  'REQUESTED',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
] as const satisfies readonly OperationStatus[];

/** COMPLETED and FAILED are final: an operation in them never changes state again. */
export function isFinal(status: OperationStatus): boolean {
  return status === 'COMPLETED' || status === 'FAILED';
}

export const PIX_KEY_TYPES = ['EMAIL', 'PHONE', 'CPF', 'CNPJ', 'EVP'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

/** Networks per crypto asset (docs/api.md "Beneficiaries"). */
export const NETWORKS = {
  USDT: ['ETHEREUM', 'TRON', 'POLYGON'],
  USDC: ['ETHEREUM', 'POLYGON'],
  BTC: ['BITCOIN'],
} as const;
export type CryptoAsset = keyof typeof NETWORKS;
export type Network = (typeof NETWORKS)[CryptoAsset][number];
