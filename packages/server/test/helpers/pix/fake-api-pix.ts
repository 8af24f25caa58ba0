import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../../../src/lib/clock.js';
import { crc16 } from '../../../src/pix/br-code.js';
import { newEndToEndId } from '../../../src/pix/end-to-end-id.js';
import { problem, type FakePspReply } from './fake-psp-problem.js';

/** The state a PSP keeps for one receiver (API Pix 2.9.0 semantics; amounts as the contract's strings). */
export interface FakeCharge {
  txid: string;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  revisao: number;
  criacao: number;
  expiracao: number;
  valor: string;
  chave: string;
  solicitacaoPagador: string | undefined;
  location: string;
  pixCopiaECola: string;
  /** End-to-end ids of the Pix that paid it. */
  paidBy: string[];
}

export interface FakeRefund {
  id: string;
  rtrId: string;
  valor: string;
  /** ORIGINAL for the refunds the receiver asks for; MED_* for those the PSP or the BCB make (tests add them). */
  natureza: 'ORIGINAL' | 'RETIRADA' | 'MED_OPERACIONAL' | 'MED_FRAUDE' | 'MED_PIX_AUTOMATICO';
  descricao: string | undefined;
  solicitacao: number;
  liquidacao: number | undefined;
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  motivo: string | undefined;
}

export interface FakePix {
  endToEndId: string;
  txid: string | undefined;
  valor: string;
  chave: string;
  horario: number;
  infoPagador: string | undefined;
  devolucoes: FakeRefund[];
}

export interface FakeWebhook {
  webhookUrl: string;
  criacao: number;
}

/** What a request's route holds: the template it matched and its decoded path values. */
export interface FakeRoute {
  template: string;
  method: string;
  values: Record<string, string>;
}

type Node = Record<string, unknown>;
const iso = (ms: number) => new Date(ms).toISOString();
const cents = (amount: string) => BigInt(amount.replace('.', ''));
/** The fake PSP's ISPB in the ids it makes (end-to-end ids, return ids). */
const PSP_ISPB = '99999999';
const CNPJ = '12345678000195';

/**
 * The API Pix operations the PIX rail uses, as a receiving PSP would answer them, with the
 * semantics the document states in its error catalogue and descriptions (the operations' and
 * schemas' names are at each handler). Requests reaching it were already checked against the
 * contract by fake-psp.ts; what is left here is state.
 */
export class FakeApiPix {
  readonly charges = new Map<string, FakeCharge>();
  readonly received = new Map<string, FakePix>();
  readonly webhooks = new Map<string, FakeWebhook>();

  constructor(
    private readonly clock: Clock,
    /** The receiver's DICT keys at this PSP (a charge or webhook for another key is refused). */
    private readonly keys: readonly string[],
  ) {}

  /** Where the charges' locations point (the fake's origin, known once it listens). */
  locationBase = 'https://127.0.0.1';

  handle(route: FakeRoute, query: Readonly<Record<string, string>>, body: unknown): FakePspReply {
    const { txid, e2eid, id, chave } = route.values;
    switch (`${route.method.toUpperCase()} ${route.template}`) {
      case 'PUT /cob/{txid}':
        return this.putCob(txid!, body as Node);
      case 'GET /cob/{txid}':
        return this.getCob(txid!);
      case 'PATCH /cob/{txid}':
        return this.patchCob(txid!, body as Node);
      case 'GET /pix':
        return this.listPix(query);
      case 'GET /pix/{e2eid}': {
        const pix = this.received.get(e2eid!);
        return pix
          ? json(200, pixJson(pix))
          : problem(404, 'PixNaoEncontrado', 'Pix não encontrado.');
      }
      case 'PUT /pix/{e2eid}/devolucao/{id}':
        return this.putDevolucao(e2eid!, id!, body as Node);
      case 'GET /pix/{e2eid}/devolucao/{id}': {
        const refund = this.received.get(e2eid!)?.devolucoes.find((d) => d.id === id);
        return refund
          ? json(200, refundJson(refund))
          : problem(404, 'PixDevolucaoNaoEncontrada', 'Devolução não encontrada.');
      }
      case 'PUT /webhook/{chave}':
        return this.putWebhook(chave!, body as Node);
      case 'GET /webhook/{chave}': {
        const hook = this.webhooks.get(chave!);
        if (!hook) return problem(404, 'WebhookNaoEncontrado', 'Webhook não encontrado.');
        // WebhookCompleto requires webhookUrl, cnpj and criacao (and has no `chave` property).
        return json(200, { webhookUrl: hook.webhookUrl, cnpj: CNPJ, criacao: iso(hook.criacao) });
      }
      case 'DELETE /webhook/{chave}':
        return this.webhooks.delete(chave!)
          ? { status: 204 }
          : problem(404, 'WebhookNaoEncontrado', 'Webhook não encontrado.');
      default:
        return problem(
          404,
          'NaoEncontrado',
          'Não encontrado.',
          `${route.method} ${route.template} is not served by the fake PSP`,
        );
    }
  }

  /**
   * PUT /cob/{txid} (CobSolicitada → 201 CobGerada). A new txid creates the charge (revisao 0);
   * an ATIVA charge is changed (revisao + 1 when anything changed); a charge that is no longer
   * ATIVA is a 400 CobOperacaoInvalida when the request would change it.
   */
  private putCob(txid: string, body: Node): FakePspReply {
    const requested = {
      expiracao: (body.calendario as Node).expiracao as number,
      valor: (body.valor as Node).original as string,
      chave: body.chave as string,
      solicitacaoPagador: body.solicitacaoPagador as string | undefined,
    };
    if (!this.keys.includes(requested.chave)) {
      return cobInvalida('A chave não pertence a este usuário recebedor.', 'cob.chave');
    }
    const existing = this.charges.get(txid);
    if (existing) {
      const changes =
        existing.expiracao !== requested.expiracao ||
        existing.valor !== requested.valor ||
        existing.chave !== requested.chave ||
        existing.solicitacaoPagador !== requested.solicitacaoPagador;
      if (changes && existing.status !== 'ATIVA') {
        return cobInvalida(
          'A cobrança já existe, não está no status ATIVA, e a presente requisição busca alterá-la.',
          'cob.status',
        );
      }
      if (changes) Object.assign(existing, requested, { revisao: existing.revisao + 1 });
      return json(201, cobJson(existing));
    }
    const location = `${this.locationBase}/qr/v2/${randomBytes(16).toString('hex')}`;
    const charge: FakeCharge = {
      txid,
      status: 'ATIVA',
      revisao: 0,
      criacao: this.clock.now(),
      ...requested,
      location,
      pixCopiaECola: dynamicBrCode(location, requested.valor),
      paidBy: [],
    };
    this.charges.set(txid, charge);
    return json(201, cobJson(charge));
  }

  /** GET /cob/{txid} → 200 CobCompleta (with the Pix that paid it) or 404 CobNaoEncontrado. */
  private getCob(txid: string): FakePspReply {
    const charge = this.charges.get(txid);
    if (!charge) return problem(404, 'CobNaoEncontrado', 'Cobrança não encontrada.');
    const pix = charge.paidBy.map((e2e) => pixJson(this.received.get(e2e)!));
    return json(200, { ...cobJson(charge), ...(pix.length > 0 ? { pix } : {}) });
  }

  /**
   * PATCH /cob/{txid} (CobRevisada → 200 CobGerada, revisao + 1). The document's violations: any
   * PATCH of a charge not ATIVA, and a removal together with other changes, are 400s.
   */
  private patchCob(txid: string, body: Node): FakePspReply {
    const charge = this.charges.get(txid);
    if (!charge) return problem(404, 'CobNaoEncontrado', 'Cobrança não encontrada.');
    if (charge.status !== 'ATIVA') return cobInvalida('A cobrança não está ATIVA.', 'cob.status');
    const { status, ...others } = body;
    if (status !== undefined && Object.keys(others).length > 0) {
      return cobInvalida('A remoção não pode ser acompanhada de outras alterações.', 'cob.status');
    }
    if (status !== undefined) charge.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
    if (others.valor !== undefined) charge.valor = (others.valor as Node).original as string;
    if (others.calendario !== undefined)
      charge.expiracao = (others.calendario as Node).expiracao as number;
    if (typeof others.solicitacaoPagador === 'string')
      charge.solicitacaoPagador = others.solicitacaoPagador;
    charge.revisao += 1;
    return json(200, cobJson(charge));
  }

  /**
   * GET /pix (200 PixConsultados): the Pix whose horario is within [inicio, fim] (both
   * inclusive), oldest first, paged by page number (paginacao.paginaAtual from 0); the document
   * fixes quantidadeDePaginas ≥ 1 even when nothing matched.
   */
  private listPix(query: Readonly<Record<string, string>>): FakePspReply {
    const inicio = Date.parse(query.inicio!);
    const fim = Date.parse(query.fim!);
    const paginaAtual = Number(query['paginacao.paginaAtual'] ?? '0');
    const itensPorPagina = Number(query['paginacao.itensPorPagina'] ?? '100');
    const all = [...this.received.values()]
      .filter((p) => p.horario >= inicio && p.horario <= fim)
      .sort((a, b) => a.horario - b.horario || a.endToEndId.localeCompare(b.endToEndId));
    const page = all.slice(paginaAtual * itensPorPagina, (paginaAtual + 1) * itensPorPagina);
    return json(200, {
      parametros: {
        inicio: query.inicio,
        fim: query.fim,
        paginacao: {
          paginaAtual,
          itensPorPagina,
          quantidadeDePaginas: Math.max(1, Math.ceil(all.length / itensPorPagina)),
          quantidadeTotalDeItens: all.length,
        },
      },
      pix: page.map(pixJson),
    });
  }

  /**
   * PUT /pix/{e2eid}/devolucao/{id} (DevolucaoSolicitada → 201 Devolucao, EM_PROCESSAMENTO).
   * PixDevolucaoInvalida (400): an id already used for this Pix, or refunds above its amount
   * (refunds NAO_REALIZADO give their amount back).
   */
  private putDevolucao(e2eid: string, id: string, body: Node): FakePspReply {
    const pix = this.received.get(e2eid);
    if (!pix) return problem(404, 'PixNaoEncontrado', 'Pix não encontrado.');
    const invalida = (razao: string, propriedade: string) =>
      problem(400, 'PixDevolucaoInvalida', 'Devolução inválida.', razao, [{ razao, propriedade }]);
    if (pix.devolucoes.some((d) => d.id === id))
      return invalida('O id da devolução já foi utilizado.', 'id');
    if ((body.natureza ?? 'ORIGINAL') !== 'ORIGINAL')
      return invalida('Natureza não suportada por este PSP.', 'natureza');
    const valor = body.valor as string;
    const refunded = pix.devolucoes
      .filter((d) => d.status !== 'NAO_REALIZADO')
      .reduce((sum, d) => sum + cents(d.valor), 0n);
    if (refunded + cents(valor) > cents(pix.valor)) {
      return invalida('A soma das devoluções excede o valor do Pix.', 'valor');
    }
    const refund: FakeRefund = {
      id,
      rtrId: `D${newEndToEndId(this.clock.now(), PSP_ISPB).slice(1)}`,
      valor,
      natureza: 'ORIGINAL',
      descricao: body.descricao as string | undefined,
      solicitacao: this.clock.now(),
      liquidacao: undefined,
      status: 'EM_PROCESSAMENTO',
      motivo: undefined,
    };
    pix.devolucoes.push(refund);
    return json(201, refundJson(refund));
  }

  /** PUT /webhook/{chave} (WebhookSolicitado → 200, no body); a key not this receiver's is WebhookOperacaoInvalida. */
  private putWebhook(chave: string, body: Node): FakePspReply {
    if (!this.keys.includes(chave)) {
      return problem(
        400,
        'WebhookOperacaoInvalida',
        'Webhook inválido.',
        'A chave não pertence a este usuário.',
        [{ razao: 'A chave não pertence a este usuário.', propriedade: 'chave' }],
      );
    }
    const before = this.webhooks.get(chave);
    this.webhooks.set(chave, {
      webhookUrl: body.webhookUrl as string,
      criacao: before?.criacao ?? this.clock.now(),
    });
    return { status: 200 };
  }

  /** A payer pays: a Pix for the charge (its amount unless said otherwise), the charge CONCLUIDA. */
  pay(txid: string, valor?: string, infoPagador?: string): FakePix {
    const charge = this.charges.get(txid);
    if (!charge) throw new Error(`fake PSP: no charge ${txid}`);
    if (charge.status !== 'ATIVA')
      throw new Error(`fake PSP: charge ${txid} is ${charge.status}, it takes no payment`);
    const pix = this.receive(valor ?? charge.valor, charge.chave, txid, infoPagador);
    charge.status = 'CONCLUIDA';
    charge.paidBy.push(pix.endToEndId);
    return pix;
  }

  /** A Pix to one of the receiver's keys with no charge (no txid): only GET /pix shows it. */
  receive(valor: string, chave: string, txid?: string, infoPagador?: string): FakePix {
    const pix: FakePix = {
      endToEndId: newEndToEndId(this.clock.now(), PSP_ISPB),
      txid,
      valor,
      chave,
      horario: this.clock.now(),
      infoPagador,
      devolucoes: [],
    };
    this.received.set(pix.endToEndId, pix);
    return pix;
  }

  /** A refund reaches its final status (the SPI settled or returned it). */
  settleRefund(
    e2eid: string,
    id: string,
    status: 'DEVOLVIDO' | 'NAO_REALIZADO',
    motivo?: string,
  ): FakePix {
    const pix = this.received.get(e2eid);
    const refund = pix?.devolucoes.find((d) => d.id === id);
    if (!pix || !refund) throw new Error(`fake PSP: no refund ${id} of ${e2eid}`);
    if (refund.status !== 'EM_PROCESSAMENTO')
      throw new Error(`fake PSP: refund ${id} is already ${refund.status}`);
    refund.status = status;
    refund.motivo =
      motivo ?? (status === 'NAO_REALIZADO' ? 'Conta do pagador encerrada.' : undefined);
    if (status === 'DEVOLVIDO') refund.liquidacao = this.clock.now();
    return pix;
  }
}

function json(status: number, body: unknown): FakePspReply {
  return { status, body };
}

function cobInvalida(razao: string, propriedade: string): FakePspReply {
  return problem(400, 'CobOperacaoInvalida', 'Cobrança inválida.', razao, [{ razao, propriedade }]);
}

/** CobGerada. `location` with its scheme: the document types it `format: uri` (maxLength 77). */
function cobJson(charge: FakeCharge): Node {
  return {
    calendario: { criacao: iso(charge.criacao), expiracao: charge.expiracao },
    txid: charge.txid,
    revisao: charge.revisao,
    location: charge.location,
    status: charge.status,
    valor: { original: charge.valor },
    chave: charge.chave,
    ...(charge.solicitacaoPagador === undefined
      ? {}
      : { solicitacaoPagador: charge.solicitacaoPagador }),
    pixCopiaECola: charge.pixCopiaECola,
  };
}

/** Pix (devolucoes only when there are some, as PSPs answer). */
export function pixJson(pix: FakePix): Node {
  return {
    endToEndId: pix.endToEndId,
    ...(pix.txid === undefined ? {} : { txid: pix.txid }),
    valor: pix.valor,
    chave: pix.chave,
    horario: iso(pix.horario),
    ...(pix.infoPagador === undefined ? {} : { infoPagador: pix.infoPagador }),
    ...(pix.devolucoes.length === 0 ? {} : { devolucoes: pix.devolucoes.map(refundJson) }),
  };
}

function refundJson(refund: FakeRefund): Node {
  return {
    id: refund.id,
    rtrId: refund.rtrId,
    valor: refund.valor,
    natureza: refund.natureza,
    ...(refund.descricao === undefined ? {} : { descricao: refund.descricao }),
    horario: {
      solicitacao: iso(refund.solicitacao),
      ...(refund.liquidacao === undefined ? {} : { liquidacao: iso(refund.liquidacao) }),
    },
    status: refund.status,
    ...(refund.motivo === undefined ? {} : { motivo: refund.motivo }),
  };
}

/**
 * A dynamic BR Code (Manual de Padrões para Iniciação do Pix, Anexo I): the merchant account
 * template 26 carries the location URL (subfield 25, without its scheme) instead of a key, and
 * the txid field says "***" because the location names the charge.
 */
function dynamicBrCode(location: string, amount: string): string {
  const field = (tag: string, value: string) =>
    `${tag}${String(value.length).padStart(2, '0')}${value}`;
  const body =
    field('00', '01') +
    field('01', '12') +
    field('26', field('00', 'br.gov.bcb.pix') + field('25', location.replace(/^https:\/\//, ''))) +
    field('52', '0000') +
    field('53', '986') +
    field('54', amount) +
    field('58', 'BR') +
    field('59', 'COFRE TESTE') +
    field('60', 'SAO PAULO') +
    field('62', field('05', '***')) +
    '6304';
  return body + crc16(body);
}

/** An EVP key (a random UUID), the kind of key a PSP hands a company. */
export const newEvpKey = (): string => randomUUID();
