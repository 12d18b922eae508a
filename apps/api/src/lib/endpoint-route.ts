import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { envelope } from '@sbo/contracts';
import type { Endpoint } from '@sbo/contracts/api/endpoint';

type Out<S> = S extends z.ZodType ? z.output<S> : unknown;

/** A request to an endpoint, typed from its contract. */
type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Out<E['params']>;
  Querystring: Out<E['query']>;
  Body: Out<E['body']>;
  Headers: Out<E['headers']>;
}>;

/** A JSON endpoint answers `{ result }`; a file, stream or redirect answers through the reply. */
type EndpointAnswer<E extends Endpoint> = E['result'] extends z.ZodType
  ? { result: z.input<E['result']> }
  : FastifyReply | void;

type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointAnswer<E>>;

/** Route options beyond the contract that only the server knows (a rate limit). */
type ServerOptions = {
  config?: {
    /** `hook: 'preHandler'` counts only requests that passed validation (a malformed one is a plain 400). */
    rateLimit?: { max: number; timeWindow: number; hook?: 'preHandler' };
  };
};

/**
 * Registers an endpoint from its contract: method, path, access rule and schemas come from
 * `@sbo/contracts/api`, so the route and the web's call cannot disagree.
 */
export function addEndpoint<E extends Endpoint>(
  app: Pick<FastifyInstance, 'route'>,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: ServerOptions = {},
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    config: { ...options.config, access: endpoint.access },
    schema: {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      tags: [...endpoint.tags],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      ...(endpoint.result ? { response: { 200: envelope(endpoint.result) } } : {}),
      ...(endpoint.produces ? { produces: [...endpoint.produces] } : {}),
    },
    handler: (request, reply) => handler(request as EndpointRequest<E>, reply),
  });
}
