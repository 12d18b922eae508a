import { languageCodes, type LanguageCode } from './constants';

const byLowerCase = new Map(languageCodes.map((code) => [code.toLowerCase(), code]));

/**
 * One of our languages for one BCP 47 tag, or null. Chinese needs care: the script
 * (Hant, Hans) decides first, then the region (HK and MO read Hong Kong's texts).
 */
function matchTag(tag: string): LanguageCode | null {
  const lower = tag.trim().toLowerCase().replace(/_/g, '-');
  const exact = byLowerCase.get(lower);
  if (exact) return exact;
  const [base = '', ...subtags] = lower.split('-');
  if (base === 'zh') {
    const hongKong = subtags.includes('hk') || subtags.includes('mo');
    if (subtags.includes('hans')) return 'zh-CN';
    if (subtags.includes('hant')) return hongKong ? 'zh-HK' : 'zh-TW';
    if (hongKong) return 'zh-HK';
    return subtags.includes('tw') ? 'zh-TW' : 'zh-CN';
  }
  return byLowerCase.get(base) ?? null;
}

/** The tags of an Accept-Language header, most wanted first (a stable sort keeps equal weights in order). */
function weightedTags(list: string): string[] {
  return list
    .replace(/\s*;\s*/g, ';')
    .split(/[\s,]+/)
    .map((part, index) => {
      const [tag = '', ...parameters] = part.split(';');
      const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/i.exec(parameter)?.[1]).find(Boolean);
      return { tag, weight: quality === undefined ? 1 : Number(quality), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The first of our languages that a language preference names, or null when none does. Takes one
 * tag ('zh-Hant-HK'), an Accept-Language header ('th-TH,th;q=0.9,en;q=0.8'), an OIDC `ui_locales` value
 * ('fr zh-HK en') or a list of tags (`navigator.languages`). Callers choose their own fallback.
 */
export function matchLanguage(preference: string | readonly string[]): LanguageCode | null {
  const tags = typeof preference === 'string' ? weightedTags(preference) : preference;
  for (const tag of tags) {
    const match = matchTag(tag);
    if (match) return match;
  }
  return null;
}
