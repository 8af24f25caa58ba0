// The baseline: a bare Fastify app on the same machine, Node and load settings as cofre, so the
// numbers for cofre can be read as a share of what the HTTP stack alone can do here.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const url = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(url); // the parent waits for this line

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
