import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { catalogueEntry, ErrorCode } from '@sbo/contracts';
import { AppError, InvalidFields } from '../lib/app-error';

const invalidRequest = catalogueEntry(ErrorCode.INVALID_REQUEST)!.en;
const serverError = catalogueEntry(ErrorCode.SERVER_ERROR)!.en;

/** Maps every failure to the spec's envelope; a 5xx never carries internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler<Error & { statusCode?: number }>((error, request, reply) => {
    if (error instanceof AppError) {
      const status = error.code === ErrorCode.CERTIFICATE_EXPIRED ? 401 : 478;
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(status).send({ code: error.code, message: error.message });
    }
    if (error instanceof InvalidFields) {
      return reply
        .status(400)
        .send({ code: ErrorCode.INVALID_REQUEST, message: invalidRequest, details: error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'invalid',
      }));
      return reply.status(400).send({ code: ErrorCode.INVALID_REQUEST, message: invalidRequest, details });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ code: ErrorCode.TOO_MANY_REQUESTS, message: catalogueEntry(ErrorCode.TOO_MANY_REQUESTS)!.en });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, oversized or unsupported bodies and the like: the client's fault, said plainly.
      return reply.status(400).send({
        code: ErrorCode.INVALID_REQUEST,
        message: invalidRequest,
        details: [{ path: 'request', message: error.message }],
      });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: ErrorCode.SERVER_ERROR, message: serverError });
  });
}
