import type { FastifyInstance } from 'fastify';
import { catalogueEntry, ErrorCode } from '@sbo/contracts';

// A UTF-16 surrogate without its partner: not a character, and not encodable as UTF-8.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why PostgreSQL could not store this text, or null when it can. */
function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  if (loneSurrogate.test(text)) return 'must be valid Unicode text (no lone surrogates)';
  return null;
}

/** The first path (`body.name`, `querystring.keyword`...) holding text that cannot be stored, and why. */
function findBadText(value: unknown, path: string, depth = 0): { path: string; message: string } | null {
  if (typeof value === 'string') {
    const message = textProblem(value);
    return message ? { path, message } : null;
  }
  if (depth > 20 || typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return null;
  for (const [key, child] of Object.entries(value)) {
    const keyProblem = textProblem(key);
    if (keyProblem) return { path, message: `keys ${keyProblem}` };
    const found = findBadText(child, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text and jsonb hold neither NUL characters nor lone surrogates: input carrying one
 * is refused as a bad request up front, with the field, rather than failing inside a query (or
 * the audit row's insert) as a server error.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const parts = { params: request.params, querystring: request.query, body: request.body };
    for (const [name, value] of Object.entries(parts)) {
      const detail = findBadText(value, name);
      if (detail) {
        return reply.status(400).send({
          code: ErrorCode.INVALID_REQUEST,
          message: catalogueEntry(ErrorCode.INVALID_REQUEST)!.en,
          details: [detail],
        });
      }
    }
  });
}
