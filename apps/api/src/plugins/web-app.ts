import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueEntry, ErrorCode } from '@sbo/contracts';

const defaultDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * The CSP sources that allow index.html's inline scripts (the sign-in-first check the web build puts in
 * its head) by their SHA-256, and no other inline script.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
  );
}

/** The policy helmet set, with index.html's inline scripts allowed by hash. */
export function withScriptHashes(policy: string, hashes: readonly string[]): string {
  if (hashes.length === 0) return policy;
  return policy.replace(/(^|;)(\s*script-src [^;]*)/, (_, start: string, directive: string) =>
    [start + directive, ...hashes].join(' '),
  );
}

/**
 * Serves the built web app when there is one, and answers everything else that
 * no route matched: pages get index.html (client-side routes), the rest a 404 envelope.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const root = path.resolve(webDist ?? defaultDist);
  const hasWeb = existsSync(path.join(root, 'index.html'));
  // The build writes .br and .gz copies beside each text file; browsers that accept one get it.
  if (hasWeb) {
    await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h', preCompressed: true });
  }
  const scriptHashes = hasWeb ? inlineScriptHashes(readFileSync(path.join(root, 'index.html'), 'utf8')) : [];
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      hasWeb &&
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/sso/') &&
      request.headers.accept?.includes('text/html') === true;
    if (isPage) {
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') reply.header('content-security-policy', withScriptHashes(policy, scriptHashes));
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ code: ErrorCode.NOT_FOUND, message: catalogueEntry(ErrorCode.NOT_FOUND)!.en });
  });
}
