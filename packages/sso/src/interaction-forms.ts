import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type pg from 'pg';
import { z } from 'zod';
import type { AccountAttempts } from './account-attempts.js';
import { createAccount, EmailAlreadyRegisteredError, findAccountByEmail, normalizeEmail } from './accounts.js';
import { interactionLocale, loadInteraction, sendExpiredPage, sendPage } from './interaction-support.js';
import type { FormError, FormField } from './pages/form-parts.js';
import { renderSignInPage } from './pages/sign-in-page.js';
import { MIN_PASSWORD_LENGTH, renderSignUpPage } from './pages/sign-up-page.js';
import { verifyPassword } from './password.js';

export type AttemptCheck = (request: FastifyRequest) => Promise<{ exceeded: boolean; retryAfterSeconds: number }>;

export type FormDeps = {
  provider: Provider;
  pool: pg.Pool;
  basePath: string;
  /** Per address. */
  checkAttempts: AttemptCheck;
  /** Per account, with growing waits. */
  accountAttempts: AccountAttempts;
  /** The application's start, the way forward from a sign-in page that is over. */
  startUrl: string;
};

type InteractionRequest = FastifyRequest<{ Params: { uid: string } }>;

const text = z.string().catch('');
const signInForm = z.object({ email: text, password: text }).catch({ email: '', password: '' });
const signUpForm = z.object({ name: text, email: text, password: text }).catch({ name: '', email: '', password: '' });
const emailFormat = z.email();

const TOO_MANY: FormError = { kind: 'tooManyAttempts', fields: [] };

/** The address's attempts and the sign-in step the form posts to; null once the expired page is sent. */
async function openLoginForm(deps: FormDeps, request: InteractionRequest, reply: FastifyReply) {
  const attempts = await deps.checkAttempts(request);
  const interaction = await loadInteraction(deps.provider, request, reply);
  if (!interaction || interaction.prompt.name !== 'login') {
    sendExpiredPage(request, reply, deps.startUrl);
    return null;
  }
  return { attempts, interaction, locale: interactionLocale(interaction) };
}

/** Too many attempts: when to try again, on the form. */
function tooMany(reply: FastifyReply, retryAfterSeconds: number, fail: (status: number, error: FormError) => unknown) {
  reply.header('retry-after', retryAfterSeconds);
  return fail(429, TOO_MANY);
}

function missingFields(values: Partial<Record<FormField, string>>): FormField[] {
  return (Object.keys(values) as FormField[]).filter((field) => values[field] === '');
}

/** POST /interaction/:uid/login: checks the credentials, then hands the account to oidc-provider. */
export async function submitSignIn(deps: FormDeps, request: InteractionRequest, reply: FastifyReply) {
  const form = signInForm.parse(request.body);
  const email = form.email.trim();
  const opened = await openLoginForm(deps, request, reply);
  if (!opened) return reply;
  const { attempts, interaction, locale } = opened;
  const page = { locale, basePath: deps.basePath, uid: interaction.uid, email };
  const fail = (status: number, error: FormError) => sendPage(reply, status, renderSignInPage({ ...page, error }));

  if (attempts.exceeded) return tooMany(reply, attempts.retryAfterSeconds, fail);
  const missing = missingFields({ email, password: form.password });
  if (missing.length > 0) return fail(400, { kind: 'missingFields', fields: missing });
  if (!emailFormat.safeParse(email).success) return fail(400, { kind: 'invalidEmail', fields: ['email'] });
  // Whatever address it comes from, an account gets a few attempts, then waits longer after each one.
  const accountAttempt = await deps.accountAttempts.start(normalizeEmail(email));
  if (!accountAttempt.allowed) return tooMany(reply, accountAttempt.retryAfterSeconds, fail);
  const account = await findAccountByEmail(deps.pool, email);
  if (!account) return fail(400, { kind: 'unknownAccount', fields: ['email'] });
  if (!(await verifyPassword(form.password, account.passwordHash))) {
    return fail(400, { kind: 'wrongPassword', fields: ['password'] });
  }
  await deps.accountAttempts.succeeded(account.email);
  const returnTo = await deps.provider.interactionResult(request.raw, reply.raw, { login: { accountId: account.id } });
  return reply.redirect(returnTo, 303);
}

/** POST /interaction/:uid/signup: creates the account and signs it in. */
export async function submitSignUp(deps: FormDeps, request: InteractionRequest, reply: FastifyReply) {
  const form = signUpForm.parse(request.body);
  const name = form.name.trim().slice(0, 100);
  const email = form.email.trim();
  const opened = await openLoginForm(deps, request, reply);
  if (!opened) return reply;
  const { attempts, interaction, locale } = opened;
  const page = { locale, basePath: deps.basePath, uid: interaction.uid, name, email };
  const fail = (status: number, error: FormError) => sendPage(reply, status, renderSignUpPage({ ...page, error }));

  if (attempts.exceeded) return tooMany(reply, attempts.retryAfterSeconds, fail);
  const missing = missingFields({ name, email, password: form.password });
  if (missing.length > 0) return fail(400, { kind: 'missingFields', fields: missing });
  if (!emailFormat.safeParse(email).success) return fail(400, { kind: 'invalidEmail', fields: ['email'] });
  if ([...form.password].length < MIN_PASSWORD_LENGTH) {
    return fail(400, { kind: 'passwordTooShort', fields: ['password'] });
  }
  try {
    const account = await createAccount(deps.pool, { email, password: form.password, name, locale });
    const returnTo = await deps.provider.interactionResult(request.raw, reply.raw, {
      login: { accountId: account.id },
    });
    return reply.redirect(returnTo, 303);
  } catch (error) {
    if (error instanceof EmailAlreadyRegisteredError) return fail(400, { kind: 'emailTaken', fields: ['email'] });
    throw error;
  }
}
