import type { LanguageCode } from '@sbo/contracts/constants';
import { messagesFor } from '../i18n/messages.js';
import { setupMessagesFor } from '../i18n/setup-messages.js';
import { type FormField, renderInput } from './form-parts.js';
import { escapeHtml, renderLayout, withEmail } from './html.js';
import { MIN_PASSWORD_LENGTH } from './sign-up-page.js';

export type SetupErrorKind =
  'missingFields' | 'invalidEmail' | 'passwordTooShort' | 'passwordMismatch' | 'emailTaken' | 'tooManyAttempts';

/** What was wrong with the set-up form and which inputs to mark. */
export type SetupFormError = { kind: SetupErrorKind; fields: FormField[] };

export type SetupPageOptions = {
  locale: LanguageCode;
  /** Where the form posts (the set-up page's own address, without the token). */
  action: string;
  token: string;
  /** False with an external sign-in service: the root account gets no password here. */
  localPassword: boolean;
  name?: string;
  email?: string;
  error?: SetupFormError;
};

function errorText(locale: LanguageCode, kind: SetupErrorKind): string {
  return kind === 'passwordMismatch' ? setupMessagesFor(locale).passwordMismatch : messagesFor(locale).errors[kind];
}

/** The form that creates the first root account; the token travels as a hidden field. */
export function renderSetupPage(options: SetupPageOptions): string {
  const { locale, error, name = '', email = '' } = options;
  const t = messagesFor(locale);
  const s = setupMessagesFor(locale);
  const alert = error
    ? `<div class="alert" id="form-error" role="alert"><p>${withEmail(errorText(locale, error.kind), email)}</p></div>`
    : '';
  const passwords = options.localPassword
    ? `
${renderInput({ field: 'password', label: t.newPasswordLabel, type: 'password', autocomplete: 'new-password', hint: t.passwordHint, error, extra: `minlength="${MIN_PASSWORD_LENGTH}"` })}
${renderInput({ field: 'passwordConfirm', label: s.confirmLabel, type: 'password', autocomplete: 'new-password', error, extra: `minlength="${MIN_PASSWORD_LENGTH}"` })}`
    : '';
  const body = `<h1>${escapeHtml(s.title)}</h1>
<p class="intro">${escapeHtml(options.localPassword ? s.intro : s.introExternal)}</p>
${alert}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<input type="hidden" name="token" value="${escapeHtml(options.token)}">
${renderInput({ field: 'email', label: t.emailLabel, type: 'email', autocomplete: 'email', value: email, autofocus: true, error, extra: 'inputmode="email" autocapitalize="none" spellcheck="false" maxlength="254"' })}
${renderInput({ field: 'name', label: s.nameLabel, type: 'text', autocomplete: 'name', value: name, error, extra: 'maxlength="100"' })}${passwords}
<button type="submit">${escapeHtml(s.button)}</button>
</form>`;
  return renderLayout({ locale, title: s.title, body });
}

/** The set-up is done: who the root account is, and the way to sign in. */
export function renderSetupDonePage(locale: LanguageCode, email: string, signInUrl: string): string {
  const s = setupMessagesFor(locale);
  return renderLayout({
    locale,
    title: s.doneTitle,
    body: `<h1>${escapeHtml(s.doneTitle)}</h1>
<p class="intro">${withEmail(s.doneText, email)}</p>
<a class="button" href="${escapeHtml(signInUrl)}">${escapeHtml(s.doneAction)}</a>`,
  });
}

export type SetupNotice = 'invalid' | 'already' | 'notice';

/**
 * A set-up link that does not work (`invalid`), a back-office already set up (`already`, with a way to
 * sign in), or any page asked for while the back-office waits for its first root account (`notice`).
 */
export function renderSetupNoticePage(locale: LanguageCode, notice: SetupNotice, signInUrl?: string): string {
  const s = setupMessagesFor(locale);
  const [title, text] =
    notice === 'invalid'
      ? [s.invalidTitle, s.invalidText]
      : notice === 'already'
        ? [s.alreadyTitle, s.alreadyText]
        : [s.noticeTitle, s.noticeText];
  const action =
    notice === 'already' && signInUrl
      ? `\n<a class="button" href="${escapeHtml(signInUrl)}">${escapeHtml(s.doneAction)}</a>`
      : '';
  return renderLayout({
    locale,
    title,
    body: `<h1>${escapeHtml(title)}</h1>\n<p class="intro">${escapeHtml(text)}</p>${action}`,
  });
}
