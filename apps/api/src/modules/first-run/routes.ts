import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { LanguageCode } from '@sbo/contracts/constants';
import {
  MIN_PASSWORD_LENGTH,
  PAGE_HEADERS,
  pickLocale,
  renderSetupDonePage,
  renderSetupNoticePage,
  renderSetupPage,
  type SetupFormError,
} from '@sbo/sso';
import type { FirstRunService } from './service';

type SetupRoutesOptions = {
  firstRun: FirstRunService;
  /** False with an external OIDC_ISSUER: the root account signs in there, with no password here. */
  localPassword: boolean;
  attemptsPerMinute: number;
};

export const SETUP_PATH = '/setup';
const FORM_BODY_LIMIT = 16 * 1024;

const text = z.string().catch('');
const setupForm = z
  .object({ token: text, email: text, name: text, password: text, passwordConfirm: text })
  .catch({ token: '', email: '', name: '', password: '', passwordConfirm: '' });
type SetupForm = z.infer<typeof setupForm>;
const emailFormat = z.email();

export const localeOf = (request: FastifyRequest): LanguageCode =>
  pickLocale(undefined, request.headers['accept-language']);

export function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).headers(PAGE_HEADERS).send(html);
}

/** Where the done page sends the new root: the back-office's sign-in, in the page's language. */
const signInUrl = (locale: LanguageCode) => `/api/v1/sso/authorize?redirect=%2F&lang=${encodeURIComponent(locale)}`;

type Field = SetupFormError['fields'][number];

function formError(form: SetupForm, localPassword: boolean): SetupFormError | undefined {
  const required: Array<[Field, string]> = [
    ['email', form.email],
    ['name', form.name],
    ...(localPassword
      ? ([
          ['password', form.password],
          ['passwordConfirm', form.passwordConfirm],
        ] satisfies Array<[Field, string]>)
      : []),
  ];
  const missing = required.filter(([, value]) => value === '').map(([field]) => field);
  if (missing.length > 0) return { kind: 'missingFields', fields: missing };
  if (!emailFormat.safeParse(form.email).success) return { kind: 'invalidEmail', fields: ['email'] };
  if (!localPassword) return undefined;
  if ([...form.password].length < MIN_PASSWORD_LENGTH) return { kind: 'passwordTooShort', fields: ['password'] };
  if (form.password !== form.passwordConfirm) return { kind: 'passwordMismatch', fields: ['passwordConfirm'] };
  return undefined;
}

/**
 * The first start's set-up page (server-rendered, no script): the one-time link opens a form that
 * creates the first root account. Form posts are rate limited per address, as the sign-in forms are.
 */
export const setupRoutes: FastifyPluginAsync<SetupRoutesOptions> = async (app, options) => {
  const { firstRun, localPassword } = options;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  await app.register(rateLimit, { global: false, max: options.attemptsPerMinute, timeWindow: 60_000 });
  const limiter = app.createRateLimit();

  const notice = (reply: FastifyReply, locale: LanguageCode, state: 'invalid' | 'alreadySetUp') =>
    state === 'alreadySetUp'
      ? sendPage(reply, 410, renderSetupNoticePage(locale, 'already', signInUrl(locale)))
      : sendPage(reply, 403, renderSetupNoticePage(locale, 'invalid'));

  app.get<{ Querystring: { token?: unknown } }>(SETUP_PATH, { schema: { hide: true } }, async (request, reply) => {
    const locale = localeOf(request);
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    const state = await firstRun.checkToken(token);
    if (state !== 'valid') return notice(reply, locale, state);
    return sendPage(reply, 200, renderSetupPage({ locale, action: SETUP_PATH, token, localPassword }));
  });

  app.post(SETUP_PATH, { schema: { hide: true }, bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
    const locale = localeOf(request);
    const form = setupForm.parse(request.body);
    const email = form.email.trim().toLowerCase();
    const name = form.name.trim().slice(0, 100);
    const trimmed = { ...form, email, name };
    const page = { locale, action: SETUP_PATH, token: form.token, localPassword, email, name };
    const attempts = await limiter(request);
    if (!attempts.isAllowed && attempts.isExceeded) {
      reply.header('retry-after', attempts.ttlInSeconds);
      return sendPage(reply, 429, renderSetupPage({ ...page, error: { kind: 'tooManyAttempts', fields: [] } }));
    }
    const state = await firstRun.checkToken(form.token);
    if (state !== 'valid') return notice(reply, locale, state);
    const error = formError(trimmed, localPassword);
    if (error) return sendPage(reply, 400, renderSetupPage({ ...page, error }));
    const outcome = await firstRun.createFirstRoot(form.token, {
      email,
      name,
      locale,
      password: localPassword ? form.password : null,
    });
    if (outcome === 'emailTaken') {
      return sendPage(reply, 400, renderSetupPage({ ...page, error: { kind: 'emailTaken', fields: ['email'] } }));
    }
    if (outcome !== 'created') return notice(reply, locale, outcome);
    return sendPage(reply, 201, renderSetupDonePage(locale, email, signInUrl(locale)));
  });
};
