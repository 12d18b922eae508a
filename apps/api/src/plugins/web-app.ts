import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueEntry, ErrorCode } from '@sbo/contracts';
import { apiRoutes } from '@sbo/contracts/api/routes';
import { routeUrl } from '@sbo/contracts/api/route-url';
import { cardOfferSelector, cardProgramNames, machineSelector } from '@sbo/contracts/checkout-address';
import { matchLanguage } from '@sbo/contracts/languages';

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

const defaultPorts: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * Where a page asked for at another address of this server (127.0.0.1, a LAN address, another name)
 * is sent: the same path and query at PUBLIC_URL, so sign-in's cookie and the browser's storage live on
 * one origin. Null for a request that came to PUBLIC_URL's host. The Host header only decides whether
 * to redirect, never where to; X-Forwarded-Host counts only from a TRUST_PROXY proxy (Fastify's `host`).
 */
function publicAddressFor(request: FastifyRequest, publicUrl: URL): string | null {
  // An HTTP/1.0 request may carry no Host at all: it is not at PUBLIC_URL's host either.
  const host = (request.host as string | undefined)
    ?.toLowerCase()
    .replace(new RegExp(`:${defaultPorts[publicUrl.protocol]}$`), '');
  if (host === publicUrl.host) return null;
  // Only the path and query are kept: an absolute-form or `//host` request target names no other origin.
  const asked = new URL(request.url, publicUrl);
  return `${publicUrl.origin}${asked.pathname}${asked.search}`;
}

/** The built web app's folder: WEB_DIST, or apps/web/dist beside this code. */
export const webDistRoot = (webDist: string | undefined) => path.resolve(webDist ?? defaultDist);

/** The consumer entry's page as built, made for one visit. */
export type ConsumerPage = {
  /**
   * consumer.html for a visitor: the texts of the language their browser asks for (Accept-Language) asked
   * for with the page rather than after its script has run, and `boot` (the api's own answers the first
   * screen needs) written into it, so the first screen shows after one round trip fewer, or two.
   */
  html(acceptLanguage: string | undefined, boot?: ConsumerBoot): string;
};

/**
 * The api's answers a consumer page's first screen would ask for, written into the page, each under the
 * address the page would call (`routeUrl`; apps/web/src/consumer/lib/boot.ts takes them).
 */
export type ConsumerBoot = { answers: Record<string, { status: number; body: unknown }> };

/** In an inline JSON block, `<` could end the block (`</script>`) or open a comment: written as \u003c. */
const inlineJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The consumer entry's texts file per language (`src/consumer/locales/<lang>.json` as the build wrote it),
 * from the build's manifest; empty when there is none (the page then loads its texts itself, later).
 */
function consumerTextFiles(root: string): Map<string, string> {
  const file = path.join(root, '.vite', 'consumer-manifest.json');
  const files = new Map<string, string>();
  if (!existsSync(file)) return files;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { file?: string }>;
  for (const [source, entry] of Object.entries(manifest)) {
    const language = /^src\/consumer\/locales\/([\w-]+)\.json$/.exec(source)?.[1];
    if (language && entry.file) files.set(language, `/${entry.file}`);
  }
  return files;
}

/**
 * The consumer entry's page (consumer.html: the pages customers open, without the back office's code), or
 * null when the web app is not built. It carries no inline script (the boot block is JSON, never run), so
 * the default policy fits it.
 */
export function readConsumerPage(webDist: string | undefined): ConsumerPage | null {
  const root = webDistRoot(webDist);
  const file = path.join(root, 'consumer.html');
  if (!existsSync(file)) return null;
  const page = readFileSync(file, 'utf8');
  const textFiles = consumerTextFiles(root);
  return {
    html(acceptLanguage, boot) {
      const language = matchLanguage(acceptLanguage ?? '') ?? 'en';
      const texts = textFiles.get(language);
      const tags = [
        texts ? `<link rel="modulepreload" crossorigin href="${texts}">` : '',
        boot ? `<script type="application/json" id="consumer-boot">${inlineJson(boot)}</script>` : '',
      ].join('');
      return page.replace('</head>', () => `${tags}</head>`);
    },
  };
}

/**
 * The addresses the consumer entry answers besides `/p/<key>`: a machine's checkout (the address its QR
 * code prints, `/custom/checkout?hwid=...`, and the `/fn/` variant's) and the payment's result page the
 * gateways send the customer back to. They keep their addresses; only the page behind them is the
 * consumer entry's rather than the back office's.
 */
const consumerPaths = new Set(
  [
    '/custom/checkout',
    '/fn/checkout',
    '/custom/checkout-result',
    '/fn/checkout-result',
    '/mb/checkout-result',
    '/custom/card-top-up',
    '/custom/card-top-up-result',
  ].flatMap((page) => [page, `${page}/`]),
);

/** Whether a page request is for one of the consumer entry's addresses (its path, without the query). */
export const isConsumerPath = (url: string): boolean => consumerPaths.has(url.split(/[?#]/, 1)[0]!);

const checkoutPaths = /^\/(custom|fn)\/checkout\/?$/;
const topUpPaths = /^\/custom\/card-top-up\/?$/;

/**
 * A machine's checkout page carries the api's answers to its first calls: the machine (its state, what it
 * sells) and, where the page would ask next (a place whose payment is set up), the place's member-card
 * offers; a card top-up page carries its card offer. Each is asked of the api's own route as the page would
 * ask it: from the visitor's address, so its rate limit counts the visit as before. A refusal is written in
 * too (the page shows it as if it had asked); a server fault is not (the page asks again).
 */
async function consumerBoot(app: FastifyInstance, request: FastifyRequest): Promise<ConsumerBoot | undefined> {
  const url = new URL(request.url, 'http://page');
  const selector = checkoutPaths.test(url.pathname) ? machineSelector(url.searchParams) : null;
  const cardSelector = topUpPaths.test(url.pathname) ? cardOfferSelector(url.searchParams) : null;
  if (!selector && !cardSelector) return undefined;
  const answers: ConsumerBoot['answers'] = {};
  const ask = async (address: string): Promise<unknown> => {
    const answer = await app.inject({
      method: 'GET',
      url: address,
      remoteAddress: request.ip,
      headers: { accept: 'application/json' },
    });
    // A server fault is left for the page to ask again; an answer or a refusal is the page's as it is.
    if (answer.statusCode >= 500) return undefined;
    const body = answer.json<{ result?: unknown }>();
    answers[address] = { status: answer.statusCode, body };
    return body.result;
  };
  try {
    if (cardSelector) await ask(routeUrl(apiRoutes.cardOffer, {}, cardSelector));
    const machine = selector
      ? ((await ask(routeUrl(apiRoutes.checkoutMachine, {}, selector))) as
          { place?: { id: number } | null; paymentSetUp?: boolean } | undefined)
      : undefined;
    const place = machine?.place;
    if (place && machine.paymentSetUp)
      await Promise.all(
        cardProgramNames.map((program) => ask(routeUrl(apiRoutes.cardOffer, {}, { placeId: place.id, program }))),
      );
  } catch (error) {
    request.log.warn({ err: error }, 'consumer page: answers not written in');
  }
  return Object.keys(answers).length > 0 ? { answers } : undefined;
}

type WebAppOptions = {
  /** The built web app's folder (apps/web/dist when absent). */
  webDist: string | undefined;
  /** The address browsers use to reach the product (config.publicUrl). */
  publicUrl: string;
};

/**
 * Serves the built web app when there is one, and answers everything else that
 * no route matched: pages get index.html (client-side routes) or, at the consumer entry's addresses,
 * consumer.html; or a redirect to the same page at
 * PUBLIC_URL when asked for at another address; the rest a 404 envelope.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const root = webDistRoot(options.webDist);
  const publicUrl = new URL(options.publicUrl);
  const hasWeb = existsSync(path.join(root, 'index.html'));
  // The build writes .br and .gz copies beside each text file; browsers that accept one get it.
  if (hasWeb) {
    await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h', preCompressed: true });
  }
  const scriptHashes = hasWeb ? inlineScriptHashes(readFileSync(path.join(root, 'index.html'), 'utf8')) : [];
  const consumer = hasWeb ? readConsumerPage(options.webDist) : null;
  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      hasWeb &&
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/sso/') &&
      request.headers.accept?.includes('text/html') === true;
    if (isPage) {
      const elsewhere = publicAddressFor(request, publicUrl);
      if (elsewhere) return reply.header('cache-control', 'no-store').redirect(elsewhere, 302);
      // The consumer entry carries no inline script: the default policy fits it as it is.
      if (consumer && isConsumerPath(request.url))
        // Asked again on each visit (the files it names are hashed): never the static files' max-age.
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(consumer.html(request.headers['accept-language'], await consumerBoot(app, request)));
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') reply.header('content-security-policy', withScriptHashes(policy, scriptHashes));
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ code: ErrorCode.NOT_FOUND, message: catalogueEntry(ErrorCode.NOT_FOUND)!.en });
  });
}
