import type { FastifyInstance } from 'fastify';
import { catalogueEntry, ErrorCode } from '@sbo/contracts';
import { isTimeZone } from '../lib/time-zone';

type RequestContext = { tz: string | null; clientTimestamp: number | null };

declare module 'fastify' {
  // Module augmentation needs an interface.
  interface FastifyRequest {
    context: RequestContext;
  }
}

function readContext(query: unknown): RequestContext {
  const values = (query ?? {}) as Record<string, unknown>;
  const tz = typeof values.tz === 'string' && values.tz !== '' ? values.tz : null;
  const timestamp = typeof values.timestamp === 'string' && values.timestamp !== '' ? Number(values.timestamp) : null;
  return { tz, clientTimestamp: timestamp };
}

/** Reads `tz` and `timestamp` (spec section 7) on every api request; days are bucketed in `tz`. */
export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('context', {
    getter() {
      return readContext(this.query);
    },
  });
  app.addHook('preValidation', async (request, reply) => {
    const { tz, clientTimestamp } = readContext(request.query);
    const details: Array<{ path: string; message: string }> = [];
    if (tz !== null && (tz.length > 64 || !isTimeZone(tz)))
      details.push({ path: 'querystring.tz', message: 'unknown time zone' });
    if (clientTimestamp !== null && !(Number.isSafeInteger(clientTimestamp) && clientTimestamp >= 0)) {
      details.push({ path: 'querystring.timestamp', message: 'must be epoch milliseconds' });
    }
    if (details.length > 0) {
      return reply
        .status(400)
        .send({ code: ErrorCode.INVALID_REQUEST, message: catalogueEntry(ErrorCode.INVALID_REQUEST)!.en, details });
    }
  });
}
