import { useState } from 'preact/hooks';
import { SelectInput, TextInput } from './form-fields.js';
import { NETWORKS, PIX_KEY_TYPES, type CryptoAsset, type InstructionBody } from './types.js';
import type { Submitter } from './use-submit.js';

export interface InstructionDraft {
  rail: 'PIX' | 'BANK_ACCOUNT' | 'CRYPTO_WALLET';
  keyType: (typeof PIX_KEY_TYPES)[number];
  key: string;
  ispb: string;
  branch: string;
  accountNumber: string;
  accountType: 'CHECKING' | 'SAVINGS';
  asset: CryptoAsset;
  network: string;
  address: string;
}

export function useInstructionDraft() {
  return useState<InstructionDraft>({
    rail: 'PIX',
    keyType: 'EMAIL',
    key: '',
    ispb: '',
    branch: '',
    accountNumber: '',
    accountType: 'CHECKING',
    asset: 'USDT',
    network: 'ETHEREUM',
    address: '',
  });
}

const KEY_HINTS: Record<InstructionDraft['keyType'], string> = {
  EMAIL: 'e.g. maria@example.com (at most 77 characters).',
  PHONE: '+55, area code and number, e.g. +5511987654321.',
  CPF: '11 digits, punctuation allowed, e.g. 529.982.247-25.',
  CNPJ: '14 characters, punctuation allowed, e.g. 11.222.333/0001-81.',
  EVP: 'A random key: a UUID.',
};

/** The body of one payment instruction (docs/api.md "Beneficiaries": one shape per rail). */
export function instructionBody(d: InstructionDraft): InstructionBody {
  switch (d.rail) {
    case 'PIX':
      return { rail: 'PIX', asset: 'BRL', keyType: d.keyType, key: d.key.trim() };
    case 'BANK_ACCOUNT':
      return {
        rail: 'BANK_ACCOUNT',
        asset: 'BRL',
        ispb: d.ispb.trim(),
        branch: d.branch.trim(),
        accountNumber: d.accountNumber.trim(),
        accountType: d.accountType,
      };
    case 'CRYPTO_WALLET': {
      const networks: readonly string[] = NETWORKS[d.asset];
      const network = (
        networks.includes(d.network) ? d.network : networks[0]
      ) as InstructionNetwork;
      return { rail: 'CRYPTO_WALLET', asset: d.asset, network, address: d.address.trim() };
    }
  }
}
type InstructionNetwork = Extract<InstructionBody, { rail: 'CRYPTO_WALLET' }>['network'];

/**
 * The fields of a payment instruction for its rail. `pointer` is where the server puts them:
 * `/paymentInstruction` when creating a beneficiary, `` when adding an instruction.
 */
export function InstructionFields(props: {
  value: InstructionDraft;
  onChange: (value: InstructionDraft) => void;
  submitter: Submitter;
  pointer: string;
}) {
  const d = props.value;
  const set = (patch: Partial<InstructionDraft>) => props.onChange({ ...d, ...patch });
  const err = (field: string) => props.submitter.fieldError(`${props.pointer}/${field}`);
  const networks = NETWORKS[d.asset];
  return (
    <fieldset class="money-fieldset">
      <legend>Payment instruction</legend>
      <SelectInput
        label="Rail"
        value={d.rail}
        options={[
          { value: 'PIX', label: 'PIX key (BRL)' },
          { value: 'BANK_ACCOUNT', label: 'Bank account (BRL, by PIX)' },
          { value: 'CRYPTO_WALLET', label: 'Crypto wallet (USDT, USDC, BTC)' },
        ]}
        onChange={(rail) => set({ rail: rail as InstructionDraft['rail'] })}
        error={err('rail')}
      />
      {d.rail === 'PIX' && (
        <>
          <SelectInput
            label="Key type"
            value={d.keyType}
            options={PIX_KEY_TYPES}
            onChange={(keyType) => set({ keyType: keyType as InstructionDraft['keyType'] })}
            error={err('keyType')}
          />
          <TextInput
            label="PIX key"
            hint={KEY_HINTS[d.keyType]}
            value={d.key}
            onInput={(key) => set({ key })}
            error={err('key')}
          />
        </>
      )}
      {d.rail === 'BANK_ACCOUNT' && (
        <>
          <TextInput
            label="ISPB"
            hint="The bank's 8 digits."
            inputMode="numeric"
            value={d.ispb}
            onInput={(ispb) => set({ ispb })}
            error={err('ispb')}
          />
          <TextInput
            label="Branch"
            hint="1–4 digits."
            inputMode="numeric"
            value={d.branch}
            onInput={(branch) => set({ branch })}
            error={err('branch')}
          />
          <TextInput
            label="Account number"
            hint="With its check digit, e.g. 12345-6."
            value={d.accountNumber}
            onInput={(accountNumber) => set({ accountNumber })}
            error={err('accountNumber')}
          />
          <SelectInput
            label="Account type"
            value={d.accountType}
            options={['CHECKING', 'SAVINGS']}
            onChange={(t) => set({ accountType: t === 'SAVINGS' ? 'SAVINGS' : 'CHECKING' })}
            error={err('accountType')}
          />
        </>
      )}
      {d.rail === 'CRYPTO_WALLET' && (
        <>
          <SelectInput
            label="Asset"
            value={d.asset}
            options={Object.keys(NETWORKS)}
            onChange={(asset) =>
              set({ asset: asset as CryptoAsset, network: NETWORKS[asset as CryptoAsset][0] })
            }
            error={err('asset')}
          />
          <SelectInput
            label="Network"
            value={d.network}
            options={networks}
            onChange={(network) => set({ network })}
            error={err('network')}
          />
          <TextInput
            label="Address"
            hint={
              d.network === 'BITCOIN'
                ? 'Mainnet: 1…, 3… or bc1….'
                : d.network === 'TRON'
                  ? 'T… (Base58Check).'
                  : '0x and 40 hex digits.'
            }
            value={d.address}
            onInput={(address) => set({ address })}
            error={err('address')}
          />
        </>
      )}
    </fieldset>
  );
}
