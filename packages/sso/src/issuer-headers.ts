import type { FastifyRequest } from 'fastify';

/**
 * oidc-provider (Koa, `proxy = true`) builds its URLs and decides on secure cookies from the
 * X-Forwarded-Host / -Proto headers. They are overwritten with the configured issuer's, so a
 * client cannot choose the addresses in discovery or anywhere else; X-Forwarded-For becomes the
 * address Fastify resolved (which trusts only the host app's configured proxies).
 */
export function pinIssuerHeaders(issuer: string) {
  const { host, protocol } = new URL(issuer);
  const proto = protocol.replace(/:$/, '');
  return async (request: FastifyRequest): Promise<void> => {
    const headers = request.raw.headers;
    headers['x-forwarded-for'] = request.ip;
    headers['x-forwarded-host'] = host;
    headers['x-forwarded-proto'] = proto;
    delete headers.forwarded;
  };
}
