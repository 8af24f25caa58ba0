import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiPix } from '../../src/rails/pix/psp/api-pix.js';
import { apiPixClient } from '../../src/rails/pix/psp/api-pix-client.js';
import { httpsPspTransport } from '../../src/rails/pix/psp/https-psp-transport.js';
import type { PspTransport } from '../../src/rails/pix/psp/psp-transport.js';
import { contractFile } from '../helpers/pix/api-pix-contract.js';
import { startFakePsp, type FakePsp } from '../helpers/pix/fake-psp.js';

const file = contractFile();
if (file.path === undefined) console.warn(file.reason);

// An operation id's 26 Crockford base-32 characters, as the rail uses for txids and refund ids.
const TXID = '01JQ7Z8X9Y0A1B2C3D4E5F6G7H';
const REFUND_ID = '01JQ7Z8X9Y0A1B2C3D4E5F6G7J';

describe.skipIf(file.path === undefined)(
  'the API Pix client against the fake PSP, over mTLS',
  () => {
    let psp: FakePsp;
    let transport: PspTransport;
    let client: ApiPix;

    beforeAll(async () => {
      psp = await startFakePsp({ callbackOrigin: 'http://127.0.0.1:9' });
      transport = httpsPspTransport(psp.transportOptions());
      client = apiPixClient(transport);
    });
    afterAll(async () => {
      await transport?.close();
      await psp?.close();
    });

    it('creates, reads and removes a charge with requests and answers that conform to the contract', async () => {
      expect(await client.getCharge(TXID)).toEqual({ kind: 'not-found' });
      const created = await client.putCharge(TXID, {
        expiracao: 3600,
        valor: '1250.00',
        chave: psp.pixKey,
        solicitacaoPagador: 'Depósito',
      });
      expect(created).toMatchObject({
        kind: 'ok',
        status: 201,
        body: {
          txid: TXID,
          status: 'ATIVA',
          revisao: 0,
          valor: '1250.00',
          expiracao: 3600,
          pix: [],
        },
      });
      expect(created.kind === 'ok' && created.body.pixCopiaECola).toMatch(
        /^000201.*6304[0-9A-F]{4}$/,
      );
      expect(await client.getCharge(TXID)).toMatchObject({
        kind: 'ok',
        status: 200,
        body: { status: 'ATIVA' },
      });
      expect(await client.removeCharge(TXID)).toMatchObject({
        kind: 'ok',
        status: 200,
        body: { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', revisao: 1 },
      });
      expect(psp.violations()).toEqual([]);
    });

    it('maps the contract 400s (a changed PUT or a PATCH of a charge no longer ATIVA) to refused with violacoes', async () => {
      const put = await client.putCharge(TXID, {
        expiracao: 3600,
        valor: '99.00',
        chave: psp.pixKey,
      });
      expect(put).toMatchObject({
        kind: 'refused',
        status: 400,
        problem: {
          type: 'https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida',
          violacoes: [{ propriedade: 'cob.status' }],
        },
      });
      expect(await client.removeCharge(TXID)).toMatchObject({ kind: 'refused', status: 400 });
      expect(psp.violations()).toEqual([]);
    });

    it('reads a paid charge with its Pix, the Pix itself, and the received list page by page', async () => {
      const txid = `${TXID.slice(0, 25)}K`;
      await client.putCharge(txid, { expiracao: 600, valor: '10.00', chave: psp.pixKey });
      const e2e = await psp.pay(txid, { valor: '10.00' });
      psp.payWithoutTxid('3.00');
      const charge = await client.getCharge(txid);
      expect(charge).toMatchObject({
        kind: 'ok',
        body: { status: 'CONCLUIDA', pix: [{ endToEndId: e2e, txid, valor: '10.00' }] },
      });
      expect(await client.getReceived(e2e)).toMatchObject({
        kind: 'ok',
        body: { endToEndId: e2e, valor: '10.00', devolucoes: [] },
      });
      const window = {
        inicio: new Date(Date.now() - 60_000).toISOString(),
        fim: new Date(Date.now() + 60_000).toISOString(),
      };
      const first = await client.listReceived({ ...window, paginaAtual: 0, itensPorPagina: 1 });
      expect(first).toMatchObject({
        kind: 'ok',
        body: { paginaAtual: 0, quantidadeDePaginas: 2, quantidadeTotalDeItens: 2 },
      });
      const second = await client.listReceived({ ...window, paginaAtual: 1, itensPorPagina: 1 });
      const seen = [first, second].flatMap((page) =>
        page.kind === 'ok' ? page.body.pix.map((p) => p.endToEndId) : [],
      );
      expect(new Set(seen).size).toBe(2);
      const empty = await client.listReceived({
        inicio: '2020-01-01T00:00:00.000Z',
        fim: '2020-01-02T00:00:00.000Z',
        paginaAtual: 0,
        itensPorPagina: 1000,
      });
      expect(empty).toMatchObject({
        kind: 'ok',
        body: { pix: [], quantidadeDePaginas: 1, quantidadeTotalDeItens: 0 },
      });
      expect(await client.getReceived('E99999999202601010000aaaaaaaaaaa')).toEqual({
        kind: 'not-found',
      });
      expect(psp.violations()).toEqual([]);
    });

    it('refunds once per id: a reused id and a sum above the Pix are refused, the refund settles', async () => {
      const txid = `${TXID.slice(0, 25)}M`;
      await client.putCharge(txid, { expiracao: 600, valor: '20.00', chave: psp.pixKey });
      const e2e = await psp.pay(txid);
      expect(await client.getRefund(e2e, REFUND_ID)).toEqual({ kind: 'not-found' });
      const put = await client.putRefund(e2e, REFUND_ID, { valor: '15.00', descricao: 'Estorno' });
      expect(put).toMatchObject({
        kind: 'ok',
        status: 201,
        body: { id: REFUND_ID, valor: '15.00', status: 'EM_PROCESSAMENTO', natureza: 'ORIGINAL' },
      });
      expect(await client.putRefund(e2e, REFUND_ID, { valor: '1.00' })).toMatchObject({
        kind: 'refused',
        problem: { type: 'https://pix.bcb.gov.br/api/v2/error/PixDevolucaoInvalida' },
      });
      expect(await client.putRefund(e2e, 'R2', { valor: '5.01' })).toMatchObject({
        kind: 'refused',
        status: 400,
      });
      await psp.settleRefund(e2e, REFUND_ID, 'DEVOLVIDO');
      const settled = await client.getRefund(e2e, REFUND_ID);
      expect(settled).toMatchObject({ kind: 'ok', body: { status: 'DEVOLVIDO' } });
      expect(settled.kind === 'ok' && settled.body.liquidacao).toBeTypeOf('string');
      expect(psp.violations()).toEqual([]);
    });

    it('registers and reads the webhook, with the key percent-encoded as a path segment', async () => {
      const chave = psp.pixKey;
      expect(await client.getWebhook(chave)).toEqual({ kind: 'not-found' });
      expect(
        await client.putWebhook(chave, 'https://cofre.example/rails/pix/webhook/s3cr3t'),
      ).toEqual({ kind: 'ok', status: 200, body: null });
      expect(await client.getWebhook(chave)).toMatchObject({
        kind: 'ok',
        body: { webhookUrl: 'https://cofre.example/rails/pix/webhook/s3cr3t' },
      });
      expect(await client.putWebhook('+5511999990000', 'https://cofre.example/x')).toMatchObject({
        kind: 'refused',
        status: 400,
      });
      expect(psp.violations()).toEqual([]);
    });

    it('answers a non-conforming request with 400 and records the violation', async () => {
      const refused = await client.putCharge('tooShort', {
        expiracao: 0,
        valor: '0.00',
        chave: psp.pixKey,
      });
      expect(refused).toMatchObject({ kind: 'refused', status: 400 });
      expect(psp.violations().join('\n')).toMatch(
        /path\.txid must match pattern[\s\S]*house: valor\.original is zero/,
      );
    });
  },
);
