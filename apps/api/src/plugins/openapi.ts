import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas: JSON at /api/openapi.json, browsable at /api/docs. */
export async function registerOpenApi(api: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  await api.register(swagger, {
    openapi: {
      info: {
        title: 'Merchant back-office API',
        version: '1.0.0',
        description:
          'Every request carries `tz` and `timestamp` query values. Success answers `{ result }`; business errors answer HTTP 478 `{ code, message }` with codes from the catalogue.',
      },
      servers: [{ url: options.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  api.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
  await api.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
}
