import { languageCodes, languages, storageKeys, type LanguageCode } from '@sbo/contracts/constants';
import { matchLanguage } from '@sbo/contracts/languages';
import type english from '../locales/en.json';

// The consumer pages' texts: one small file per language (locales/<lang>.json, the same keys in each),
// only the shown language downloaded. The choice is kept where the back office keeps its own (`lang`).

export type TextKey = keyof typeof english;
type Texts = Record<TextKey, string>;

const files = import.meta.glob<{ default: Texts }>('../locales/*.json');

export const languageChoices = languages.map(({ languageCode, title }) => ({ code: languageCode, title }));

/** The language saved on this browser, else the first of the browser's that we speak, else English. */
export function startLanguage(): LanguageCode {
  const saved = globalThis.localStorage?.getItem(storageKeys.lang);
  if (saved && (languageCodes as readonly string[]).includes(saved)) return saved as LanguageCode;
  return matchLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]) ?? 'en';
}

export type Translate = ((key: TextKey, values?: Record<string, string | number>) => string) & {
  language: LanguageCode;
};

/** Loads a language's texts and answers its translate function. */
export async function loadTexts(language: LanguageCode): Promise<Translate> {
  const texts = (await files[`../locales/${language}.json`]!()).default;
  const translate = (key: TextKey, values: Record<string, string | number> = {}) =>
    texts[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  document.documentElement.lang = language;
  return Object.assign(translate, { language });
}

export function saveLanguage(language: LanguageCode): void {
  globalThis.localStorage?.setItem(storageKeys.lang, language);
}
