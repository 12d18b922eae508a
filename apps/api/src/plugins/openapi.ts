import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessError, catalogueEntry, ErrorCode, validationError } from '@sbo/contracts';
import type { Access } from '@sbo/contracts/api/access';
import type { Endpoint } from '@sbo/contracts/api/endpoint';
import { apiEndpoints } from '@sbo/contracts/api/endpoints';

type Transform = typeof jsonSchemaTransform;

/** Codes the access check itself may answer with, by the kind of token a route takes. */
const accessRefusals = (access: Access): number[] =>
  access.token === 'merchant'
    ? [ErrorCode.MERCHANT_MEMBER_NOT_FOUND, ErrorCode.MEMBER_SUSPENDED, ErrorCode.PERMISSION_DENIED]
    : [];

const describeAccess = (access: Access): string =>
  access.token === 'public'
    ? 'Access: public, no token.'
    : access.token === 'login'
      ? 'Access: the login token.'
      : `Access: a merchant token whose member holds \`${access.permission}\`${access.rootOnly ? ', role root (service agent) only' : ''}.`;

const refusalEnvelope = (codes: readonly number[]) =>
  z.object({
    code: z
      .number()
      .int()
      .meta({ enum: [...new Set(codes)].sort((a, b) => a - b) }),
    message: z.string(),
  });

const codeList = (codes: readonly number[]) =>
  [...new Set(codes)]
    .map((code) => `\`${code}\` ${catalogueEntry(code as (typeof ErrorCode)[keyof typeof ErrorCode])?.en ?? ''}`)
    .join('; ');

/**
 * Adds what every operation shares to its document: the access rule (`x-permission` and a line of
 * description) and its error answers in the envelope (400 with field details, 401, 478 with the
 * catalogue codes the endpoint declares). The running routes keep only their 200 schema.
 */
const documentEndpoint: Transform = (input) => {
  const operationId = (input.schema as { operationId?: string } | undefined)?.operationId;
  const contracts: Record<string, Endpoint | undefined> = apiEndpoints;
  const contract = operationId ? contracts[operationId] : undefined;
  if (!contract) return jsonSchemaTransform(input);
  const refusals = [...contract.refusals, ...accessRefusals(contract.access)];
  const response: Record<string, unknown> = {
    ...(input.schema.response as Record<string, unknown> | undefined),
    ...(contract.produces ? { 200: z.string().describe(`The ${contract.produces.join(' or ')} content`) } : {}),
    ...(contract.result || contract.produces || contract.redirects ? {} : { 200: z.unknown().describe('Success') }),
    ...(contract.redirects ? { 302: z.void().describe('Redirect to the address in `Location`') } : {}),
    400: validationError.describe('The request fails its schema: `details` names each field'),
    ...(contract.access.token === 'public'
      ? {}
      : { 401: businessError.describe('The token is missing, expired or revoked (code 401)') }),
    ...(refusals.length ? { 478: refusalEnvelope(refusals).describe(`Refused: ${codeList(refusals)}`) } : {}),
  };
  const description = [contract.description, describeAccess(contract.access)].filter(Boolean).join('\n\n');
  const schema: typeof input.schema & Record<`x-${string}`, unknown> = {
    ...input.schema,
    description,
    response,
    'x-permission': contract.access.token === 'merchant' ? contract.access.permission : contract.access.token,
    ...(contract.access.token === 'public' ? { security: [] } : {}),
  };
  return jsonSchemaTransform({ ...input, schema });
};

/** OpenAPI generated from the endpoint contracts: JSON at /api/openapi.json, browsable at /api/docs. */
export async function registerOpenApi(api: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  await api.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Merchant back-office API',
        version: '1.0.0',
        description:
          'Every request carries `tz` and `timestamp` query values. Success answers `{ result }`; business errors answer HTTP 478 `{ code, message }` with codes from the catalogue.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: options.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: documentEndpoint,
  });
  api.get('/openapi.json', { schema: { hide: true } }, async () => api.swagger());
  await api.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
}
