import type { Messages } from '../i18n/messages.js';
import { escapeHtml, withEmail } from './html.js';

export type FormField = 'name' | 'email' | 'password' | 'passwordConfirm';

export type FormErrorKind =
  | 'wrongPassword'
  | 'unknownAccount'
  | 'emailTaken'
  | 'passwordTooShort'
  | 'invalidEmail'
  | 'missingFields'
  | 'tooManyAttempts';

/** What went wrong with a submitted form and which inputs to mark. */
export type FormError = { kind: FormErrorKind; fields: FormField[] };

export type InteractionLinks = { signIn: string; signUp: string };

export function interactionLinks(basePath: string, uid: string, email: string): InteractionLinks {
  const base = `${basePath}/interaction/${encodeURIComponent(uid)}`;
  const query = email ? `?email=${encodeURIComponent(email)}` : '';
  return { signIn: `${base}${query}`, signUp: `${base}/signup${query}` };
}

/** The error box above a form: the message, and for unknown or taken emails a link to the other page. */
export function renderAlert(
  messages: Messages,
  error: FormError | undefined,
  email: string,
  links: InteractionLinks,
): string {
  if (!error) return '';
  const text = withEmail(messages.errors[error.kind], email);
  const action =
    error.kind === 'unknownAccount'
      ? `<a href="${escapeHtml(links.signUp)}">${escapeHtml(messages.errors.unknownAccountAction)}</a>`
      : error.kind === 'emailTaken'
        ? `<a href="${escapeHtml(links.signIn)}">${escapeHtml(messages.errors.emailTakenAction)}</a>`
        : '';
  return `<div class="alert" id="form-error" role="alert"><p>${text}</p>${action}</div>`;
}

export type InputOptions = {
  field: FormField;
  label: string;
  type: 'text' | 'email' | 'password';
  autocomplete: string;
  value?: string;
  hint?: string;
  autofocus?: boolean;
  error?: Pick<FormError, 'fields'>;
  extra?: string;
};

/** A labelled input, marked invalid and tied to the error box when the error names its field. */
export function renderInput(options: InputOptions): string {
  const invalid = options.error?.fields.includes(options.field) === true;
  const describedBy = [invalid ? 'form-error' : '', options.hint ? `${options.field}-hint` : '']
    .filter(Boolean)
    .join(' ');
  const attributes = [
    `id="${options.field}"`,
    `name="${options.field}"`,
    `type="${options.type}"`,
    `autocomplete="${options.autocomplete}"`,
    'required',
    options.value ? `value="${escapeHtml(options.value)}"` : '',
    options.autofocus ? 'autofocus' : '',
    invalid ? 'aria-invalid="true"' : '',
    describedBy ? `aria-describedby="${describedBy}"` : '',
    options.extra ?? '',
  ].filter(Boolean);
  const hint = options.hint ? `<p class="hint" id="${options.field}-hint">${escapeHtml(options.hint)}</p>` : '';
  return `<div class="field"><label for="${options.field}">${escapeHtml(options.label)}</label><input ${attributes.join(' ')}>${hint}</div>`;
}
