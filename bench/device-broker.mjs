// A bare MQTT broker (Aedes, no auth, no database) that counts what devices publish, for running
// bench/device-fleet.mjs without the api: `node --import tsx bench/device-broker.mjs --port 1883`.
// Prints one JSON line per interval: publishes received per second and the broker's memory.
// It finds retained messages by topic as the api's broker does (`indexRetainedByTopic`): stock
// Aedes scans every retained status for each device's SUBSCRIBE and never gets a 10,000-machine
// fleet connected, which would make a poor yardstick.
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import { Aedes } from 'aedes';
import { indexRetainedByTopic } from '../apps/api/src/modules/gateway/broker.ts';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '1883' }, every: { type: 'string', default: '5' } },
});

export const startCountingBroker = async (port) => {
  const broker = await Aedes.createBroker({ drainTimeout: 30_000 });
  indexRetainedByTopic(broker);
  let received = 0;
  broker.on('publish', (_packet, client) => {
    if (client) received += 1;
  });
  const server = createServer((socket) => {
    socket.setNoDelay(true);
    broker.handle(socket);
  });
  await new Promise((resolve) => server.listen(port, resolve));
  return {
    port: server.address().port,
    broker,
    takeReceived() {
      const n = received;
      received = 0;
      return n;
    },
    close: () => new Promise((resolve) => broker.close(() => server.close(() => resolve()))),
  };
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const running = await startCountingBroker(Number(values.port));
  const every = Number(values.every);
  console.log(JSON.stringify({ broker: 'aedes', port: running.port }));
  setInterval(() => {
    const { rss, heapUsed } = process.memoryUsage();
    console.log(
      JSON.stringify({
        at: new Date().toISOString(),
        clients: running.broker.connectedClients,
        receivedPerSecond: Math.round(running.takeReceived() / every),
        rssMb: Math.round(rss / 1_048_576),
        heapMb: Math.round(heapUsed / 1_048_576),
      }),
    );
  }, every * 1000);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => running.close().then(() => process.exit(0)));
}
