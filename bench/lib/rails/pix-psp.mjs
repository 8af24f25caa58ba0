import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { join } from 'node:path';
import { generate } from 'selfsigned';

// Node 20's fetch; the lint config does not declare it.
const { fetch } = globalThis;

/**
 * A lean PSP for the PIX rail bench: API Pix's charges (`/v2/cob/{txid}`), received Pix
 * (`/v2/pix`, `/v2/pix/{e2eid}`), the webhook registration and a token endpoint, over TLS, with
 * no contract checks (the test suite's fake PSP checks every exchange against the BCB's document;
 * this one only has to be fast and correct). `pay(txid, {notify})` pays a charge and, with
 * notify, calls cofre's webhook with API Pix's body.
 */
export async function startPixPsp(dir) {
  const certs = await serverCerts();
  const charges = new Map();
  const received = new Map();
  const state = { webhookUrl: undefined, callbackOrigin: undefined, e2e: 0 };
  const server = createServer({ key: certs.key, cert: certs.cert }, (req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url, 'https://psp');
      const json =
        raw && req.headers['content-type']?.includes('json') ? JSON.parse(raw) : undefined;
      const reply = route(req.method, url, json);
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(reply.body === undefined ? undefined : JSON.stringify(reply.body));
    });
  });
  const route = (method, url, body) => {
    const path = url.pathname;
    if (method === 'POST' && path === '/oauth/token') {
      return {
        status: 200,
        body: {
          access_token: randomBytes(16).toString('hex'),
          token_type: 'Bearer',
          expires_in: 3600,
        },
      };
    }
    const cob = /^\/v2\/cob\/([A-Za-z0-9]+)$/.exec(path);
    if (cob) return chargeRoute(method, cob[1], body);
    if (method === 'PUT' && path.startsWith('/v2/webhook/')) {
      state.webhookUrl = body.webhookUrl;
      return { status: 200 };
    }
    const one = /^\/v2\/pix\/([A-Za-z0-9]{32})$/.exec(path);
    if (method === 'GET' && one) {
      const pix = received.get(one[1]);
      return pix ? { status: 200, body: pix } : { status: 404, body: problem(404) };
    }
    if (method === 'GET' && path === '/v2/pix') return listRoute(url.searchParams);
    return { status: 404, body: problem(404) };
  };
  const chargeRoute = (method, txid, body) => {
    const charge = charges.get(txid);
    if (method === 'GET')
      return charge ? { status: 200, body: charge } : { status: 404, body: problem(404) };
    if (method === 'PUT') {
      if (charge) return { status: 400, body: problem(400) };
      const made = {
        txid,
        status: 'ATIVA',
        revisao: 0,
        calendario: { criacao: new Date().toISOString(), expiracao: body.calendario.expiracao },
        valor: { original: body.valor.original },
        chave: body.chave,
        pixCopiaECola: `00020101021226830014br.gov.bcb.pix2561psp.bench/qr/v2/${txid}5204000053039865802BR5905COFRE6009SAO PAULO62070503***6304ABCD`,
        pix: [],
      };
      charges.set(txid, made);
      return { status: 201, body: made };
    }
    if (method === 'PATCH' && charge) {
      if (charge.status !== 'ATIVA') return { status: 400, body: problem(400) };
      charge.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
      charge.revisao += 1;
      return { status: 200, body: charge };
    }
    return { status: 404, body: problem(404) };
  };
  const listRoute = (params) => {
    const from = Date.parse(params.get('inicio'));
    const to = Date.parse(params.get('fim'));
    const page = Number(params.get('paginacao.paginaAtual') ?? 0);
    const size = Number(params.get('paginacao.itensPorPagina') ?? 100);
    const all = [...received.values()].filter((p) => {
      const at = Date.parse(p.horario);
      return at >= from && at <= to;
    });
    return {
      status: 200,
      body: {
        parametros: {
          inicio: params.get('inicio'),
          fim: params.get('fim'),
          paginacao: {
            paginaAtual: page,
            itensPorPagina: size,
            quantidadeDePaginas: Math.max(1, Math.ceil(all.length / size)),
            quantidadeTotalDeItens: all.length,
          },
        },
        pix: all.slice(page * size, (page + 1) * size),
      },
    };
  };
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${server.address().port}`;
  const caFile = join(dir, 'psp-ca.pem');
  const secretFile = join(dir, 'psp-secret');
  writeFileSync(caFile, certs.cert);
  writeFileSync(secretFile, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600 });
  return {
    pixKey: '6f1a7c2e-5b4d-4e8f-9a0b-1c2d3e4f5a6b',
    env: () => ({
      COFRE_PIX_PSP_URL: `${origin}/v2`,
      COFRE_PIX_PSP_TOKEN_URL: `${origin}/oauth/token`,
      COFRE_PIX_PSP_CLIENT_ID: 'bench',
      COFRE_PIX_PSP_CLIENT_SECRET_FILE: secretFile,
      COFRE_PIX_PSP_CA_FILE: caFile,
    }),
    charges,
    callbackTo(to) {
      state.callbackOrigin = to;
    },
    /** Pays the charge; with notify, calls the registered webhook once. Returns the e2e id. */
    async pay(txid, { notify }) {
      const charge = charges.get(txid);
      const endToEndId = `E00000000${String(++state.e2e).padStart(23, '0')}`;
      const pix = {
        endToEndId,
        txid,
        valor: charge.valor.original,
        chave: charge.chave,
        horario: new Date().toISOString(),
        devolucoes: [],
      };
      received.set(endToEndId, pix);
      charge.status = 'CONCLUIDA';
      charge.pix = [pix];
      if (notify) {
        const target = new URL(`${state.webhookUrl}/pix`);
        const response = await fetch(new URL(target.pathname, state.callbackOrigin), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ pix: [pix] }),
        });
        if (response.status !== 200) throw new Error(`webhook answered ${response.status}`);
      }
      return endToEndId;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function problem(status) {
  return { type: `https://pix.bcb.gov.br/api/v2/error/${status}`, title: 'Erro', status };
}

async function serverCerts() {
  const made = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  return { key: made.private, cert: made.cert };
}
