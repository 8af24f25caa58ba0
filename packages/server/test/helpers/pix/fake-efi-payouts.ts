import { parseBrCode } from '../../../src/pix/index.js';

/**
 * Efí's payout endpoints as a test double, written from Efí's documentation
 * (dev.efipay.com.br/docs/api-pix/envio-pagamento-pix and …/webhooks, "Pix enviado"): plain
 * functions over one account's state, for a fake PSP to mount beside its API Pix (same server,
 * token and client certificate; paths are from the origin) or for a test to call directly.
 *
 * - `PUT /v3/gn/pix/{idEnvio}` pays a key, `PUT /v2/gn/pix/{idEnvio}/qrcode` a BR Code: 201
 *   EM_PROCESSAMENTO; an idEnvio already used by either is 409 `id_envio_duplicado`, nothing paid.
 * - `GET /v2/gn/pix/enviados/id-envio/{idEnvio}` and `GET /v2/gn/pix/enviados/{e2eId}`: the sent
 *   Pix, or 404 problem+json `PixEnviadoNaoEncontrado`.
 *
 * Every body cofre sends is checked against the documented fields and formats (plus one house
 * rule: no property Efí does not document); a violation is recorded and answered 400
 * `valor_invalido`, as Efí answers invalid values.
 */
export interface FakePspRequest {
  method: string;
  /** From the origin, e.g. `/v3/gn/pix/01J…`. */
  path: string;
  query: Readonly<Record<string, string>>;
  body: unknown;
  /** As Node parses them (a repeated header is an array), as the fake PSP passes them on. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

export interface FakePspAnswer {
  status: number;
  body: unknown;
}

/** Answers the requests it knows; undefined passes the request on (the server's 404). */
export type FakePspRoute = (request: FakePspRequest) => FakePspAnswer | undefined;

export type FakeSentPixStatus = 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO';

/** A Pix the fake account sent (one per accepted idEnvio: money left once). */
export interface FakeSentPix {
  idEnvio: string;
  endToEndId: string;
  via: 'key' | 'qrcode';
  valor: string;
  payerKey: string;
  infoPagador: string | undefined;
  /** The receiver's key (via key) or the BR Code paid (via qrcode). */
  to: string;
  status: FakeSentPixStatus;
  solicitacao: string;
  liquidacao: string | undefined;
  /** NAO_REALIZADO: the SPI's reason, as Efí's callback gives it. */
  erro: { codigo: string; motivo: string } | undefined;
}

export interface FakeEfiPayouts {
  /** The handler set to mount (FakePspRoute each). */
  readonly routes: readonly FakePspRoute[];
  /** All routes as one handler. */
  handle: FakePspRoute;
  /** Settles a sent Pix: COMPLETED → REALIZADO (liquidacao set), FAILED → NAO_REALIZADO. */
  settle(idEnvio: string, outcome: 'COMPLETED' | 'FAILED', reason?: string): void;
  /**
   * The next `n` matching requests answer 500 `erro_aplicacao`. `when: 'after'` makes a send
   * pay first and then lose its answer (the PSP took it, cofre heard nothing).
   */
  failNext(
    n: number,
    options?: { on?: 'send' | 'lookup' | 'any'; when?: 'before' | 'after' },
  ): void;
  /** The next `n` sends are refused with this answer (nothing paid), e.g. 422 pagamento_negado. */
  refuseNext(
    n: number,
    answer: { status: 400 | 404 | 409 | 422; nome: string; mensagem: string },
  ): void;
  /** PUT requests seen for `idEnvio` (accepted, duplicate, refused or failed). */
  sends(idEnvio: string): number;
  /** Pix sent under `idEnvio`: 0 or 1 (Efí deduplicates), so a test can assert "paid once". */
  paid(idEnvio: string): number;
  /** Every Pix sent, in order. */
  sent(): readonly FakeSentPix[];
  /** What cofre sent that Efí's documentation does not allow, one sentence each. */
  readonly violations: readonly string[];
  /** The callback Efí posts to the payer key's webhook (`POST {webhookUrl}/pix`) for a sent Pix. */
  callback(idEnvio: string): { pix: unknown[] };
}

export interface FakeEfiPayoutsOptions {
  /** The account's Pix key: a send from another `pagador.chave` is refused (400 chave_invalida). */
  payerKey: string;
  now?: () => Date;
}

const ID_ENVIO = /^[a-zA-Z0-9]{1,35}$/;
const VALOR = /^\d{1,10}\.\d{2}$/;
const SEND = /^\/v3\/gn\/pix\/([^/]+)$/;
const PAY_QRCODE = /^\/v2\/gn\/pix\/([^/]+)\/qrcode$/;
const BY_ID_ENVIO = /^\/v2\/gn\/pix\/enviados\/id-envio\/([^/]+)$/;
const BY_E2E_ID = /^\/v2\/gn\/pix\/enviados\/([^/]+)$/;

export function fakeEfiPayouts(options: FakeEfiPayoutsOptions): FakeEfiPayouts {
  return new FakeEfiAccount(options.payerKey, options.now ?? (() => new Date()));
}

const NOT_MADE = 'Número da agência e/ou conta transacional do usuário recebedor inexistente';

class FakeEfiAccount implements FakeEfiPayouts {
  readonly violations: string[] = [];
  readonly routes: readonly FakePspRoute[] = [(request) => this.handle(request)];
  private readonly byIdEnvio = new Map<string, FakeSentPix>();
  private readonly requests = new Map<string, number>();
  private failures:
    { left: number; on: 'send' | 'lookup' | 'any'; when: 'before' | 'after' } | undefined;
  private refusals: { left: number; answer: FakePspAnswer } | undefined;
  private counter = 0;

  constructor(
    private readonly payerKey: string,
    private readonly now: () => Date,
  ) {}

  handle: FakePspRoute = (request) => {
    const { method, path } = request;
    let match: RegExpExecArray | null;
    if (method === 'PUT' && (match = SEND.exec(path)) !== null)
      return this.send(request, 'key', match[1]!);
    if (method === 'PUT' && (match = PAY_QRCODE.exec(path)) !== null) {
      return this.send(request, 'qrcode', match[1]!);
    }
    if (method !== 'GET') return undefined;
    if ((match = BY_ID_ENVIO.exec(path)) !== null)
      return this.lookup(this.byIdEnvio.get(match[1]!), 'idEnvio');
    if ((match = BY_E2E_ID.exec(path)) !== null) {
      const e2eId = match[1]!;
      return this.lookup(
        [...this.byIdEnvio.values()].find((p) => p.endToEndId === e2eId),
        'e2eId',
      );
    }
    return undefined;
  };

  settle(idEnvio: string, outcome: 'COMPLETED' | 'FAILED', reason = NOT_MADE): void {
    const pix = this.held(idEnvio);
    pix.status = outcome === 'COMPLETED' ? 'REALIZADO' : 'NAO_REALIZADO';
    pix.liquidacao = outcome === 'COMPLETED' ? this.now().toISOString() : undefined;
    pix.erro = outcome === 'FAILED' ? { codigo: 'AC03', motivo: reason } : undefined;
  }

  failNext(
    n: number,
    { on = 'send', when = 'before' }: Parameters<FakeEfiPayouts['failNext']>[1] = {},
  ): void {
    this.failures = { left: n, on, when };
  }

  refuseNext(
    n: number,
    { status, nome, mensagem }: Parameters<FakeEfiPayouts['refuseNext']>[1],
  ): void {
    this.refusals = { left: n, answer: { status, body: { nome, mensagem } } };
  }

  sends(idEnvio: string): number {
    return this.requests.get(idEnvio) ?? 0;
  }

  paid(idEnvio: string): number {
    return this.byIdEnvio.has(idEnvio) ? 1 : 0;
  }

  sent(): readonly FakeSentPix[] {
    return [...this.byIdEnvio.values()];
  }

  callback(idEnvio: string): { pix: unknown[] } {
    const pix = this.held(idEnvio);
    const erro =
      pix.erro === undefined ? {} : { erro: { ...pix.erro, origem: 'PSP do usuário recebedor' } };
    return {
      pix: [
        {
          endToEndId: pix.endToEndId,
          chave: pix.payerKey,
          tipo: 'SOLICITACAO',
          status: pix.status,
          valor: pix.valor,
          horario: pix.liquidacao ?? null,
          ...(pix.infoPagador === undefined ? {} : { infoPagador: pix.infoPagador }),
          gnExtras: { idEnvio, ...erro },
        },
      ],
    };
  }

  private send(request: FakePspRequest, via: 'key' | 'qrcode', idEnvio: string): FakePspAnswer {
    this.requests.set(idEnvio, this.sends(idEnvio) + 1);
    const failed = this.takeFailure('send', 'before');
    if (failed !== undefined) return failed;
    const problems = [
      ...(ID_ENVIO.test(idEnvio)
        ? []
        : [`idEnvio ${JSON.stringify(idEnvio)} is not ^[a-zA-Z0-9]{1,35}$`]),
      ...(via === 'key' ? keySendViolations(request.body) : qrcodeViolations(request.body)),
    ];
    if (problems.length > 0) {
      this.violations.push(...problems.map((p) => `${request.method} ${request.path}: ${p}`));
      return { status: 400, body: { nome: 'valor_invalido', mensagem: problems.join('; ') } };
    }
    if (this.byIdEnvio.has(idEnvio)) {
      const mensagem = 'O id de envio informado já foi utilizado em outro pagamento';
      return { status: 409, body: { nome: 'id_envio_duplicado', mensagem } };
    }
    if (this.refusals !== undefined && this.refusals.left > 0) {
      this.refusals.left -= 1;
      return this.refusals.answer;
    }
    const body = request.body as SendBody;
    if (body.pagador.chave !== this.payerKey) {
      const mensagem = 'A chave informada não faz referência à conta Efí autenticada';
      return { status: 400, body: { nome: 'chave_invalida', mensagem } };
    }
    const pix = this.record(idEnvio, via, body);
    const accepted = {
      idEnvio,
      e2eId: pix.endToEndId,
      valor: pix.valor,
      horario: { solicitacao: pix.solicitacao },
    };
    return (
      this.takeFailure('send', 'after') ?? {
        status: 201,
        body: { ...accepted, status: pix.status },
      }
    );
  }

  private record(idEnvio: string, via: 'key' | 'qrcode', body: SendBody): FakeSentPix {
    this.counter += 1;
    const at = this.now();
    const stamp = at.toISOString().replace(/\D/g, '').slice(0, 12);
    const pix: FakeSentPix = {
      idEnvio,
      // E + Efí's ISPB (09089356) + yyyyMMddHHmm + 11 characters: 32, as the SPI's.
      endToEndId: `E09089356${stamp}API${this.counter.toString(16).padStart(8, '0')}`,
      via,
      // A BR Code carries its amount (tag 54); one without pays 10.00 here, as Efí documents no
      // amount for paying a code (what it does with such a code is not known to the fake).
      valor: body.valor ?? codeAmount(body.pixCopiaECola) ?? '10.00',
      payerKey: body.pagador.chave,
      infoPagador: body.pagador.infoPagador,
      to: body.favorecido?.chave ?? body.pixCopiaECola ?? '',
      status: 'EM_PROCESSAMENTO',
      solicitacao: at.toISOString(),
      liquidacao: undefined,
      erro: undefined,
    };
    this.byIdEnvio.set(idEnvio, pix);
    return pix;
  }

  private lookup(pix: FakeSentPix | undefined, by: 'idEnvio' | 'e2eId'): FakePspAnswer {
    const failed = this.takeFailure('lookup', 'before');
    if (failed !== undefined) return failed;
    if (pix !== undefined) return { status: 200, body: sentPixBody(pix) };
    const type = 'https://pix.bcb.gov.br/api/v2/error/PixEnviadoNaoEncontrado';
    const detail = `Pix enviado não encontrado para o ${by} informado.`;
    return { status: 404, body: { type, title: 'Não Encontrado', status: 404, detail } };
  }

  private takeFailure(
    call: 'send' | 'lookup',
    when: 'before' | 'after',
  ): FakePspAnswer | undefined {
    const failures = this.failures;
    if (failures === undefined || failures.left === 0 || failures.when !== when) return undefined;
    if (failures.on !== 'any' && failures.on !== call) return undefined;
    failures.left -= 1;
    return {
      status: 500,
      body: { nome: 'erro_aplicacao', mensagem: 'Ocorreu um erro (fake: failNext)' },
    };
  }

  private held(idEnvio: string): FakeSentPix {
    const pix = this.byIdEnvio.get(idEnvio);
    if (pix === undefined) throw new Error(`the fake Efí sent no Pix under idEnvio ${idEnvio}`);
    return pix;
  }
}

/** The read-back's 200 body (GET /v2/gn/pix/enviados/…): `endToEndId`, not the send's `e2eId`. */
function sentPixBody(pix: FakeSentPix): unknown {
  return {
    endToEndId: pix.endToEndId,
    idEnvio: pix.idEnvio,
    valor: pix.valor,
    chave: pix.payerKey,
    status: pix.status,
    ...(pix.infoPagador === undefined ? {} : { infoPagador: pix.infoPagador }),
    horario: {
      solicitacao: pix.solicitacao,
      ...(pix.liquidacao === undefined ? {} : { liquidacao: pix.liquidacao }),
    },
    ...(pix.via === 'key' ? { favorecido: { chave: pix.to } } : {}),
  };
}

/** Tag 54 of a BR Code as Efí's `valor` ("12.30"), or undefined when it has none or is not one. */
function codeAmount(pixCopiaECola: string | undefined): string | undefined {
  const parsed = pixCopiaECola === undefined ? undefined : parseBrCode(pixCopiaECola);
  if (parsed?.kind !== 'valid' || parsed.code.amount === null) return undefined;
  const [units, cents = ''] = parsed.code.amount.split('.');
  return `${units}.${cents.padEnd(2, '0')}`;
}

interface SendBody {
  valor?: string;
  pagador: { chave: string; infoPagador?: string };
  favorecido?: { chave?: string };
  pixCopiaECola?: string;
}

type Rule = [field: string, check: (value: unknown) => string | undefined];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text =
  (pattern: RegExp | undefined, max: number, required = true) =>
  (value: unknown): string | undefined => {
    if (value === undefined) return required ? 'is required' : undefined;
    if (typeof value !== 'string' || value === '') return 'must be a non-empty string';
    if (value.length > max) return `has ${value.length} characters, at most ${max}`;
    return pattern === undefined || pattern.test(value)
      ? undefined
      : `does not match ${pattern.source}`;
  };

/** Checks `object`'s fields against `rules`, and that it has no other (the house rule). */
function check(where: string, object: unknown, rules: Rule[]): string[] {
  if (!isRecord(object)) return [`${where} must be an object`];
  const known = new Set(rules.map(([field]) => field));
  return [
    ...rules.flatMap(([field, rule]) => {
      const problem = rule(object[field]);
      return problem === undefined ? [] : [`${where}.${field} ${problem}`];
    }),
    ...Object.keys(object)
      .filter((field) => !known.has(field))
      .map((field) => `${where}.${field} is not a field Efí documents`),
  ];
}

// pagador.chave: "Chave DICT do pagador ≤ 77"; infoPagador: "< 140" in Efí's attribute table,
// read as API Pix's 140 (the port guarantees ≤ 140).
const pagadorRules: Rule[] = [
  ['chave', text(undefined, 77)],
  ['infoPagador', text(undefined, 140, false)],
];

function keySendViolations(body: unknown): string[] {
  const problems = check('body', body, [
    ['valor', (v) => text(VALOR, 13)(v) ?? (Number(v) > 0 ? undefined : 'must be more than zero')],
    ['pagador', () => undefined],
    ['favorecido', () => undefined],
  ]);
  if (!isRecord(body)) return problems;
  // favorecido: a key (optionally with the holder's cpf or cnpj, checked by Efí) or bank details;
  // cofre pays keys only, so bank details are a violation here.
  return [
    ...problems,
    ...check('body.pagador', body['pagador'], pagadorRules),
    ...check('body.favorecido', body['favorecido'], [
      ['chave', text(undefined, 77)],
      ['cpf', text(/^\d{11}$/, 11, false)],
      ['cnpj', text(/^\d{14}$/, 14, false)],
    ]),
  ];
}

function qrcodeViolations(body: unknown): string[] {
  const problems = check('body', body, [
    ['pagador', () => undefined],
    ['pixCopiaECola', text(undefined, 512)],
  ]);
  return isRecord(body)
    ? [...problems, ...check('body.pagador', body['pagador'], pagadorRules)]
    : problems;
}
