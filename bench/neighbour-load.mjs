// One customer's load for bench:neighbour, in a child process of its own (bench/lib/neighbour/
// clients.mjs forks it), so customer A's load generator and customer B's each have an event loop
// of their own: a busy A client cannot delay B's sends or the reading of B's answers. Driven over
// IPC: {type: 'ordinary', ...} starts B's open-loop traffic and answers {type: 'warm'}; after
// {type: 'go'} it measures, answering {type: 'measuring'}, {type: 'measured'} (the window's
// start and end), then {type: 'result'}; {type: 'heavy', ...} starts A's kinds and answers {type: 'ready'}, then takes
// {type: 'mark'} and {type: 'stop'} (answered {type: 'result'}).
import { startHeavy } from './lib/neighbour/heavy.mjs';
import { runOrdinary } from './lib/neighbour/ordinary.mjs';

const reply = (message) => process.send?.(message);

process.on('message', (message) => {
  void handle(message).catch((error) => {
    reply({ type: 'error', error: error instanceof Error ? error.stack : String(error) });
  });
});

let heavy;
let release = () => {};

async function handle(message) {
  switch (message.type) {
    case 'ordinary': {
      const result = await runOrdinary(message.input, {
        onWarm: () => reply({ type: 'warm' }),
        go: new Promise((resolve) => (release = resolve)),
        onMeasuring: () => reply({ type: 'measuring' }),
        onMeasured: () => reply({ type: 'measured' }),
      });
      reply({ type: 'result', result });
      break;
    }
    case 'heavy':
      heavy = startHeavy(message.input);
      await heavy.ready;
      reply({ type: 'ready' });
      break;
    case 'go':
      release();
      break;
    case 'mark':
      heavy?.mark();
      break;
    case 'stop':
      reply({ type: 'result', result: heavy ? await heavy.stop() : {} });
      break;
    default:
      throw new Error(`neighbour-load: unknown message ${JSON.stringify(message.type)}`);
  }
}

// The parent going away (Ctrl-C, a failure) ends this process too.
process.on('disconnect', () => process.exit(0));
