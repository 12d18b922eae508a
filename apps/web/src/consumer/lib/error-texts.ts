import { ApiRefusal } from './api';
import type { Translate } from './texts';

// The error catalogue's texts, as the back office shows them (locales/errors): one language's file is
// downloaded only when a call has failed, never before the page shows.
const files = import.meta.glob<{ default: Record<string, string> }>('../../locales/errors/*.json');

/**
 * A failed call in the words the back office's client uses for it: `code - text`, the catalogue's text in
 * the shown language, else what the server said; a call that got no answer says so without a code.
 */
export async function errorText(error: unknown, t: Translate): Promise<string | null> {
  if (!(error instanceof ApiRefusal)) return null;
  if (error.status === 0) return t('api.networkError');
  const catalogue = (await files[`../../locales/errors/${t.language}.json`]?.().catch(() => null))?.default ?? {};
  const known = (code: number) => catalogue[`error.${code}`];
  const withCode = (code: number, text: string) => `${code} - ${text}`;
  if (error.status === 400 || error.status === 401 || error.status === 478) {
    const code = error.code ?? error.status;
    return withCode(code, known(code) ?? error.serverMessage ?? t('api.networkError'));
  }
  return withCode(error.status, known(error.status) ?? t('api.genericError'));
}
