import type { FastifyInstance } from 'fastify';
import { catalogueEntry, ErrorCode } from '@sbo/contracts';

/** The first path (`body.name`, `querystring.keyword`...) holding a string with a NUL character. */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 20 || typeof value !== 'object' || value === null) return null;
  for (const [key, child] of Object.entries(value)) {
    const found = findNul(child, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text and jsonb cannot hold NUL characters: input carrying one is refused as a bad
 * request up front, rather than failing inside a query as a server error.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const parts = { params: request.params, querystring: request.query, body: request.body };
    for (const [name, value] of Object.entries(parts)) {
      const path = findNul(value, name);
      if (path) {
        return reply.status(400).send({
          code: ErrorCode.INVALID_REQUEST,
          message: catalogueEntry(ErrorCode.INVALID_REQUEST)!.en,
          details: [{ path, message: 'must not contain NUL characters' }],
        });
      }
    }
  });
}
