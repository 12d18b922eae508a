import { fallbackLanguage, type LanguageCode } from '@sbo/contracts/constants';
import { matchLanguage } from '@sbo/contracts/languages';

/** The first of our languages in a space-separated `ui_locales` value; English when none is ours. */
export function pickLocale(uiLocales: unknown, acceptLanguage?: string): LanguageCode {
  // Accept-Language only matters when no ui_locales came with the request (an expired page, say).
  const preference = typeof uiLocales === 'string' ? uiLocales : (acceptLanguage ?? '');
  return matchLanguage(preference) ?? fallbackLanguage;
}
