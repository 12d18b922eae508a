import { defaultLanguage, fallbackLanguage, languageCodes, type LanguageCode } from '@sbo/contracts/constants';
import { matchLanguage } from '@sbo/contracts/languages';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (languageCodes as readonly string[]).includes(value);
}

/** The stored choice, else the first supported browser language, else the product default. */
export function chooseLanguage(stored: string | null, browserLanguages: readonly string[]): LanguageCode {
  if (isLanguageCode(stored)) return stored;
  return matchLanguage(browserLanguages) ?? defaultLanguage;
}

/**
 * The language saved in the user's profile, to apply at sign-in: only when this browser
 * holds no choice of its own (a local choice wins) and it differs from the one showing.
 */
export function profileLanguageToApply(
  stored: string | null,
  profileLocale: string | null | undefined,
  current: LanguageCode,
): LanguageCode | null {
  if (isLanguageCode(stored) || !isLanguageCode(profileLocale) || profileLocale === current) return null;
  return profileLocale;
}

/**
 * The consumer's language at a machine's checkout: their own choice, else the browser's, else English
 * (the fallback language; the back office's default, Traditional Chinese, is for the merchant's staff).
 */
export function consumerLanguage(stored: string | null, browserLanguages: readonly string[]): LanguageCode {
  if (isLanguageCode(stored)) return stored;
  return matchLanguage(browserLanguages) ?? fallbackLanguage;
}
