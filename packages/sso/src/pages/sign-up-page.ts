import type { LanguageCode } from '@sbo/contracts/constants';
import { messagesFor } from '../i18n/messages.js';
import { type FormError, interactionLinks, renderAlert, renderInput } from './form-parts.js';
import { escapeHtml, renderLayout } from './html.js';

export const MIN_PASSWORD_LENGTH = 8;

export type SignUpPageOptions = {
  locale: LanguageCode;
  basePath: string;
  uid: string;
  name?: string;
  email?: string;
  error?: FormError;
};

export function renderSignUpPage({ locale, basePath, uid, name = '', email = '', error }: SignUpPageOptions): string {
  const t = messagesFor(locale);
  const links = interactionLinks(basePath, uid, email);
  const body = `<h1>${escapeHtml(t.signUpTitle)}</h1>
<p class="intro">${escapeHtml(t.signUpIntro)}</p>
${renderAlert(t, error, email, links)}
<form method="post" action="${escapeHtml(`${basePath}/interaction/${encodeURIComponent(uid)}/signup`)}" novalidate>
${renderInput({ field: 'name', label: t.nameLabel, type: 'text', autocomplete: 'name', value: name, autofocus: true, error, extra: 'maxlength="100"' })}
${renderInput({ field: 'email', label: t.emailLabel, type: 'email', autocomplete: 'email', value: email, error, extra: 'inputmode="email" autocapitalize="none" spellcheck="false" maxlength="254"' })}
${renderInput({ field: 'password', label: t.newPasswordLabel, type: 'password', autocomplete: 'new-password', hint: t.passwordHint, error, extra: `minlength="${MIN_PASSWORD_LENGTH}"` })}
<button type="submit">${escapeHtml(t.signUpButton)}</button>
</form>
<p class="switch">${escapeHtml(t.haveAccountPrompt)} <a href="${escapeHtml(links.signIn)}">${escapeHtml(t.signInLink)}</a></p>`;
  return renderLayout({ locale, title: t.signUpTitle, body });
}
