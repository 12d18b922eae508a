import { createServer, type Server } from 'node:http';
import { collectProcessMetrics, metricsRegistry } from './metrics';

/**
 * `GET /metrics` in Prometheus' text format on a port of its own (`METRICS_PORT`, on `METRICS_HOST`:
 * 127.0.0.1 unless set), so the figures never share the public address. Anything else is 404.
 */
export async function startMetricsServer(options: { host: string; port: number }): Promise<Server> {
  collectProcessMetrics();
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metricsRegistry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
