import type { FastifyReply, FastifyRequest } from 'fastify';
import Provider, { errors } from 'oidc-provider';
import type { LanguageCode } from '@sbo/contracts/constants';
import { pickLocale } from './i18n/locale.js';
import { renderExpiredPage } from './pages/message-page.js';
import { PAGE_HEADERS } from './pages/styles.js';
import { FIRST_PARTY_SCOPES } from './provider.js';

export type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/**
 * The interaction named in the URL, found through its cookie; undefined when the cookie or the
 * interaction is gone (expired, finished, another browser) or belongs to another uid.
 */
export async function loadInteraction(
  provider: Provider,
  request: FastifyRequest<{ Params: { uid: string } }>,
  reply: FastifyReply,
): Promise<Interaction | undefined> {
  try {
    const interaction = await provider.interactionDetails(request.raw, reply.raw);
    return interaction.uid === request.params.uid ? interaction : undefined;
  } catch (error) {
    if (error instanceof errors.SessionNotFound) return undefined;
    throw error;
  }
}

export function interactionLocale(interaction: Interaction): LanguageCode {
  return pickLocale(interaction.params.ui_locales);
}

export function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).headers(PAGE_HEADERS).send(html);
}

/**
 * The page of a sign-in that is over (finished, expired, or reached with Back after signing out), with a
 * way forward: `startUrl` is the application's start, which begins a fresh sign-in when one is needed.
 */
export function sendExpiredPage(request: FastifyRequest, reply: FastifyReply, startUrl: string): FastifyReply {
  const locale = pickLocale(undefined, request.headers['accept-language']);
  return sendPage(reply, 400, renderExpiredPage(locale, startUrl));
}

/**
 * Our clients are first-party (the back-office itself), so consent is granted without asking:
 * the grant gets openid email profile plus any claims the request named.
 */
export async function grantFirstPartyConsent(
  provider: Provider,
  interaction: Interaction,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string> {
  const accountId = interaction.session?.accountId;
  const clientId = interaction.params.client_id;
  if (!accountId || typeof clientId !== 'string') throw new Error('consent interaction without account or client');
  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId });
  grant.addOIDCScope(FIRST_PARTY_SCOPES);
  const missingClaims = interaction.prompt.details.missingOIDCClaims;
  if (Array.isArray(missingClaims)) grant.addOIDCClaims(missingClaims.filter((claim) => typeof claim === 'string'));
  const grantId = await grant.save();
  return provider.interactionResult(
    request.raw,
    reply.raw,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
}
