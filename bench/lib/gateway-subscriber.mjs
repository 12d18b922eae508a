// The api's broker connections with nothing behind them: `--consumers` members of a shared
// subscription group, each opening the connections an api instance opens (connectGateway from
// apps/api/src/modules/gateway/connections.ts: the same topics, QoS 1, the persistent events session),
// whose handler only counts. What the broker does for two instances is done for these, so its rate
// is the yardstick of the api's ingestion (bench/fleet-cluster.mjs).
//
//   node --import tsx bench/lib/gateway-subscriber.mjs --url mqtt://127.0.0.1:1883 --username sbo-gateway
//        --password <password> --group sbo-gateway [--consumers 2] [--every 1]
//
// Prints `{"ready":true}` once subscribed, then per interval and consumer a JSON line of the
// messages taken meanwhile by channel (states, events, statuses, acks, cards), as the api's
// `gateway stats` line counts them, and the process's memory.
import { parseArgs } from 'node:util';
import { connectGateway } from '../../apps/api/src/modules/gateway/connections.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    username: { type: 'string', default: 'sbo-gateway' },
    password: { type: 'string' },
    group: { type: 'string', default: 'sbo-gateway' },
    consumers: { type: 'string', default: '2' },
    every: { type: 'string', default: '1' },
  },
});
const plural = { state: 'states', event: 'events', status: 'statuses', ack: 'acks', card: 'cards' };
const log = {
  info: () => undefined,
  warn: (details, message) => console.error(message, JSON.stringify(details)),
  error: (details, message) => console.error(message, details?.err?.message ?? ''),
};
const consumers = await Promise.all(
  Array.from({ length: Number(values.consumers) }, async (_, index) => {
    const counts = { states: 0, events: 0, statuses: 0, acks: 0, cards: 0, invalid: 0 };
    const connections = await connectGateway({
      url: values.url,
      username: values.username,
      password: values.password,
      sharedGroup: values.group,
      sessionId: `sbo-reference-${index}`,
      subscribe: true,
      handle: async (topic) => {
        const channel = plural[topic.split('/').at(-1)];
        counts[channel ?? 'invalid'] += 1;
      },
      log,
    });
    return { index, counts, connections };
  }),
);
console.log(JSON.stringify({ ready: true }));
const timer = setInterval(
  () => {
    const memory = process.memoryUsage();
    for (const consumer of consumers) {
      console.log(
        JSON.stringify({ consumer: consumer.index, ...consumer.counts, rssMb: Math.round(memory.rss / 1_048_576) }),
      );
      for (const key of Object.keys(consumer.counts)) consumer.counts[key] = 0;
    }
  },
  Number(values.every) * 1000,
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    clearInterval(timer);
    void Promise.all(consumers.map((c) => c.connections.close())).finally(() => process.exit(0));
  });
}
