import type { LanguageCode } from '@sbo/contracts/constants';
import { messagesFor } from '../i18n/messages.js';
import { type FormError, interactionLinks, renderAlert, renderInput } from './form-parts.js';
import { escapeHtml, renderLayout } from './html.js';

export type SignInPageOptions = {
  locale: LanguageCode;
  basePath: string;
  uid: string;
  email?: string;
  error?: FormError;
};

export function renderSignInPage({ locale, basePath, uid, email = '', error }: SignInPageOptions): string {
  const t = messagesFor(locale);
  const links = interactionLinks(basePath, uid, email);
  const focusPassword = email !== '' && (!error || error.kind === 'wrongPassword');
  const body = `<h1>${escapeHtml(t.signInTitle)}</h1>
<p class="intro">${escapeHtml(t.signInIntro)}</p>
${renderAlert(t, error, email, links)}
<form method="post" action="${escapeHtml(`${basePath}/interaction/${encodeURIComponent(uid)}/login`)}" novalidate>
${renderInput({ field: 'email', label: t.emailLabel, type: 'email', autocomplete: 'username', value: email, autofocus: !focusPassword, error, extra: 'inputmode="email" autocapitalize="none" spellcheck="false" maxlength="254"' })}
${renderInput({ field: 'password', label: t.passwordLabel, type: 'password', autocomplete: 'current-password', autofocus: focusPassword, error })}
<button type="submit">${escapeHtml(t.signInButton)}</button>
</form>
<p class="switch">${escapeHtml(t.noAccountPrompt)} <a href="${escapeHtml(links.signUp)}">${escapeHtml(t.signUpLink)}</a></p>`;
  return renderLayout({ locale, title: t.signInTitle, body });
}
