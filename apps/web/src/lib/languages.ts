import { defaultLanguage, languageCodes, type LanguageCode } from '@sbo/contracts/constants';

const supported = new Map(languageCodes.map((code) => [code.toLowerCase(), code]));

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (languageCodes as readonly string[]).includes(value);
}

/**
 * Maps a browser language tag (BCP 47) to one of ours. Chinese needs care: the
 * script subtag or the region decides between the Traditional and Simplified texts.
 */
export function matchBrowserLanguage(tag: string): LanguageCode | null {
  const lower = tag.trim().toLowerCase();
  const exact = supported.get(lower);
  if (exact) return exact;
  const [base, ...rest] = lower.split('-');
  if (base === 'zh') {
    if (rest.includes('hk') || rest.includes('mo')) return 'zh-HK';
    if (rest.includes('hant') || rest.includes('tw')) return 'zh-TW';
    return 'zh-CN';
  }
  if (base === 'en' || base === 'th' || base === 'vi' || base === 'ms') return base;
  return null;
}

/** The stored choice, else the first supported browser language, else the product default. */
export function chooseLanguage(stored: string | null, browserLanguages: readonly string[]): LanguageCode {
  if (isLanguageCode(stored)) return stored;
  for (const tag of browserLanguages) {
    const match = matchBrowserLanguage(tag);
    if (match) return match;
  }
  return defaultLanguage;
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
