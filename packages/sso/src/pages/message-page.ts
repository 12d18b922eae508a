import type { LanguageCode } from '@sbo/contracts/constants';
import { messagesFor } from '../i18n/messages.js';
import { escapeHtml, renderLayout } from './html.js';

/** A page with a title and one paragraph (and a technical detail): expired interaction, provider error, signed out. */
export function renderMessagePage(locale: LanguageCode, title: string, text: string, detail?: string): string {
  const detailHtml = detail ? `\n<p class="hint">${escapeHtml(detail)}</p>` : '';
  return renderLayout({
    locale,
    title,
    body: `<h1>${escapeHtml(title)}</h1>\n<p class="intro">${escapeHtml(text)}</p>${detailHtml}`,
  });
}

/** A sign-in page that is over: what happened, and a button back to the application's start. */
export function renderExpiredPage(locale: LanguageCode, startUrl: string): string {
  const t = messagesFor(locale);
  return renderLayout({
    locale,
    title: t.expiredTitle,
    body: `<h1>${escapeHtml(t.expiredTitle)}</h1>
<p class="intro">${escapeHtml(t.expiredText)}</p>
<a class="button" href="${escapeHtml(startUrl)}" data-testid="expired-start">${escapeHtml(t.expiredAction)}</a>`,
  });
}

/** The RP-initiated logout confirmation; `form` is oidc-provider's hidden form (with its xsrf token). */
export function renderSignOutPage(locale: LanguageCode, form: string): string {
  const t = messagesFor(locale);
  const body = `<h1>${escapeHtml(t.signOutTitle)}</h1>
<p class="intro">${escapeHtml(t.signOutQuestion)}</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${escapeHtml(t.signOutConfirm)}</button>
<button type="submit" form="op.logoutForm" class="secondary">${escapeHtml(t.signOutCancel)}</button>`;
  return renderLayout({ locale, title: t.signOutTitle, body });
}
