import net from 'node:net';

/**
 * A port for a process a test starts (the api, PostgreSQL, Mosquitto), which binds it later.
 *
 * Never from the kernel's ephemeral range (`listen(0)`, 32768-60999 here): between the probe
 * and the child's bind, any outgoing connection on the machine (a test's HTTP client, the
 * pool's next PostgreSQL connection) may be given that very port as its local end, and the
 * child then fails with EADDRINUSE. Ports below the range are never handed out that way.
 *
 * Each Vitest worker draws from its own slice (`VITEST_POOL_ID`; the main process, which
 * starts the journeys' products, from slice 0), so two workers never pick the same port;
 * within a process no port is given twice; and each is probed on the wildcard address, so
 * one held by another run on the machine is skipped.
 */
const first = 20_000;
const sliceSize = 400;
const slices = Math.floor((32_768 - first) / sliceSize);
const slice = Number(process.env.VITEST_POOL_ID ?? 0) % slices;
let next = Math.floor(Math.random() * sliceSize);

export async function freePort(): Promise<number> {
  for (let tried = 0; tried < sliceSize; tried += 1) {
    const port = first + slice * sliceSize + (next % sliceSize);
    next += 1;
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${first + slice * sliceSize}-${first + (slice + 1) * sliceSize - 1}`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '0.0.0.0', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}
