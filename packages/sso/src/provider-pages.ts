import type { KoaContextWithOIDC } from 'oidc-provider';
import type { LanguageCode } from '@sbo/contracts/constants';
import { pickLocale } from './i18n/locale.js';
import { messagesFor } from './i18n/messages.js';
import { renderMessagePage, renderSignOutPage } from './pages/message-page.js';
import { PAGE_HEADERS } from './pages/styles.js';

type ErrorOut = { error: string; error_description?: string | undefined };

function localeOf(ctx: KoaContextWithOIDC): LanguageCode {
  return pickLocale(ctx.oidc?.params?.ui_locales, ctx.get('accept-language'));
}

function sendHtml(ctx: KoaContextWithOIDC, html: string): void {
  ctx.set(PAGE_HEADERS);
  ctx.body = html;
}

/** oidc-provider's error page (bad client, bad redirect_uri...) in our look and the request's language. */
export function renderProviderError(ctx: KoaContextWithOIDC, out: ErrorOut): void {
  const locale = localeOf(ctx);
  const t = messagesFor(locale);
  const detail = out.error_description ? `${out.error}: ${out.error_description}` : out.error;
  sendHtml(ctx, renderMessagePage(locale, t.errorTitle, t.errorText, detail));
}

/** Confirmation page of RP-initiated logout (`/session/end`). */
export function renderLogoutConfirmation(ctx: KoaContextWithOIDC, form: string): void {
  sendHtml(ctx, renderSignOutPage(localeOf(ctx), form));
}

/** Shown after a logout that named no `post_logout_redirect_uri`. */
export function renderLogoutSuccess(ctx: KoaContextWithOIDC): void {
  const locale = localeOf(ctx);
  const t = messagesFor(locale);
  sendHtml(ctx, renderMessagePage(locale, t.signedOutTitle, t.signedOutText));
}
