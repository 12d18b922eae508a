/**
 * A small HTTP/1.1 load generator: `connections` keep-alive sockets, each sending the next GET as
 * soon as the previous answer is complete (no pipelining), for `seconds`. Answers requests/s and
 * latency percentiles; non-2xx answers are counted as errors. Raw sockets rather than fetch, so the
 * generator's own cost stays small next to the server's (autocannon works the same way).
 */
import { connect } from 'node:net';

/**
 * One warm-up pass then the measured run against `url`, with `headers` on every request.
 * `onMeasure()` is called as the measured run starts; its answer comes back as `context`.
 */
export async function measure({
  url,
  headers = {},
  connections = 20,
  seconds = 10,
  warmupSeconds = 2,
  onMeasure,
  countHeader,
}) {
  if (warmupSeconds > 0) await run({ url, headers, connections, seconds: warmupSeconds });
  const context = onMeasure?.();
  return { ...(await run({ url, headers, connections, seconds, countHeader })), context };
}

/** `countHeader` (a header name, as the server writes it): how many answers carried each of its values (`counted`). */
async function run({ url, headers, connections, seconds, countHeader }) {
  const counting = countHeader ? `\r\n${countHeader}: ` : null;
  const counted = new Map();
  const target = new URL(url);
  const head =
    `GET ${target.pathname}${target.search} HTTP/1.1\r\nhost: ${target.host}\r\nconnection: keep-alive\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    '\r\n';
  const request = Buffer.from(head);
  const latencies = [];
  const statuses = new Map();
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();

  const client = () =>
    new Promise((resolve, reject) => {
      const socket = connect({ host: target.hostname, port: Number(target.port), noDelay: true });
      let buffered = Buffer.alloc(0);
      let sentAt = 0;
      const send = () => {
        if (performance.now() >= until) {
          socket.end();
          return resolve();
        }
        sentAt = performance.now();
        socket.write(request);
      };
      socket.on('connect', send);
      socket.on('error', reject);
      socket.on('data', (chunk) => {
        buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
        for (;;) {
          const end = buffered.indexOf('\r\n\r\n');
          if (end < 0) return;
          const header = buffered.subarray(0, end).toString('latin1');
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(header);
          if (!length) return reject(new Error(`answer without content-length from ${url}: ${header}`));
          const total = end + 4 + Number(length[1]);
          if (buffered.length < total) return;
          buffered = buffered.subarray(total);
          const status = Number(header.slice(9, 12));
          if (counting) {
            const at = header.indexOf(counting);
            if (at >= 0) {
              const from = at + counting.length;
              const to = header.indexOf('\r\n', from);
              const found = header.slice(from, to < 0 ? undefined : to);
              counted.set(found, (counted.get(found) ?? 0) + 1);
            }
          }
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status < 200 || status >= 300) errors += 1;
          latencies.push(performance.now() - sentAt);
          send();
        }
      });
    });
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? null;
  const round = (ms) => (ms === null ? null : Math.round(ms * 10) / 10);
  return {
    requests: latencies.length,
    requestsPerSecond: Math.round(latencies.length / elapsed),
    p50Ms: round(at(50)),
    p99Ms: round(at(99)),
    maxMs: round(latencies.at(-1) ?? null),
    errors,
    statuses: Object.fromEntries(statuses),
    ...(counting ? { counted: Object.fromEntries(counted) } : {}),
  };
}
