import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/**
 * The headers @fastify/helmet sets with `options`, worked out once. The plugin builds its
 * middleware (parsing every CSP directive) again on each request; the answer never changes
 * without per-request nonces, so a throwaway instance answers one request and its headers are kept.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Array<[string, string]>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  let headers: Array<[string, string]> = [];
  probe.get('/', (_request, reply) => {
    // Only helmet has touched the response by now.
    headers = Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, String(value)]);
    return reply.send('');
  });
  await probe.inject('/');
  await probe.close();
  if (headers.length === 0) throw new Error('helmet set no header');
  return headers;
}

/** Security headers (helmet's, with `options`) on every answer, including 404s and event streams. */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    // On the raw response, as helmet does, so answers written past Fastify (streams) carry them too.
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
