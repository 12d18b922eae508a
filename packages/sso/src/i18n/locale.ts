import { SUPPORTED_LOCALES, type SsoLocale } from './messages.js';

const BY_LOWER_CASE = new Map<string, SsoLocale>(SUPPORTED_LOCALES.map((locale) => [locale.toLowerCase(), locale]));

// Tags that name one of our languages without being spelled exactly like it.
const ALIASES = new Map<string, SsoLocale>([
  ['zh-hant', 'zh-TW'],
  ['zh-hant-tw', 'zh-TW'],
  ['zh-hant-hk', 'zh-HK'],
  ['zh-hant-mo', 'zh-HK'],
  ['zh-mo', 'zh-HK'],
  ['zh', 'zh-CN'],
  ['zh-hans', 'zh-CN'],
  ['zh-hans-cn', 'zh-CN'],
  ['zh-sg', 'zh-CN'],
]);

function matchTag(tag: string): SsoLocale | undefined {
  const lower = tag.trim().toLowerCase().replace(/_/g, '-');
  if (!lower) return undefined;
  const exact = BY_LOWER_CASE.get(lower) ?? ALIASES.get(lower);
  if (exact) return exact;
  const language = lower.split('-')[0] ?? '';
  return language === 'zh' ? undefined : BY_LOWER_CASE.get(language);
}

/** The first supported language of a space-separated `ui_locales` value; English when none is supported. */
export function pickLocale(uiLocales: unknown, acceptLanguage?: string): SsoLocale {
  const requested = typeof uiLocales === 'string' ? uiLocales.split(' ') : [];
  // Accept-Language only matters when no ui_locales came with the request (an expired page, say).
  const fallback =
    requested.length === 0 && acceptLanguage ? acceptLanguage.split(',').map((part) => part.split(';')[0] ?? '') : [];
  for (const tag of [...requested, ...fallback]) {
    const locale = matchTag(tag);
    if (locale) return locale;
  }
  return 'en';
}
