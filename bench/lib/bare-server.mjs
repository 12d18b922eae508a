/**
 * The reference: a bare Fastify JSON route, no plugins, in its own process, on the port given as
 * the first argument. Prints `ready` once it listens.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ result: { hello: 'world' } }));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
console.log('ready');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
