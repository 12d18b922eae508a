import { defaultLanguage, fallbackLanguage, storageKeys, type LanguageCode } from '@sbo/contracts/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { chooseLanguage, consumerLanguage, isLanguageCode, profileLanguageToApply } from './languages';
import { loadTranslationTree, type TextScope } from './translation-bundles';
import { applyUiLocale } from './ui-locale';

export const i18n = i18next.createInstance();

// One download per language and scope, however many screens ask at once.
const loads = new Map<string, Promise<void>>();
// Set once a screen behind sign-in has needed the areas' texts: a language switch then brings them too.
let areasNeeded = false;

function ensureTranslations(language: LanguageCode, scope: TextScope): Promise<void> {
  const key = `${language}:${scope}`;
  let load = loads.get(key);
  if (!load) {
    load = loadTranslationTree(language, scope).then((tree) => {
      i18n.addResourceBundle(language, 'translation', tree, true, true);
    });
    load.catch(() => loads.delete(key));
    loads.set(key, load);
  }
  return load;
}

/**
 * The texts of every feature area in the current language. The route table awaits this before it shows any
 * screen past sign-in and merchant pick, so those two start without them.
 */
export function loadAreaTexts(): Promise<void> {
  areasNeeded = true;
  return textsFor(currentLanguage());
}

/** A language's texts in every scope needed so far, with English (the fallback language) beside them. */
function textsFor(language: LanguageCode): Promise<void> {
  const scopes: TextScope[] = areasNeeded ? ['start', 'areas'] : ['start'];
  const languages = language === fallbackLanguage ? [language] : [language, fallbackLanguage];
  return Promise.all(scopes.flatMap((scope) => languages.map((code) => ensureTranslations(code, scope)))).then(
    () => undefined,
  );
}

function readStoredLanguage(): string | null {
  try {
    return globalThis.localStorage?.getItem(storageKeys.lang) ?? null;
  } catch {
    return null;
  }
}

const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

export function detectLanguage(): LanguageCode {
  return chooseLanguage(readStoredLanguage(), browserLanguages());
}

function reflectInDocument(language: LanguageCode): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.title = i18n.t('app.title');
}

/** Loads the starting language's first-screen texts (and the English fallback's) before the first render. */
export async function initI18n(language: LanguageCode = detectLanguage()): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: fallbackLanguage,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await showLanguage(language);
}

/** Texts, antd and dayjs in `language`, loaded together; then the page speaks it. */
async function showLanguage(language: LanguageCode): Promise<void> {
  await Promise.all([textsFor(language), applyUiLocale(language)]);
  await i18n.changeLanguage(language);
  reflectInDocument(language);
}

/**
 * Remembers the choice, then switches texts, antd and dayjs together. Remembered first: a reload
 * while the language's texts still load comes back in the language chosen.
 */
export async function switchLanguage(language: LanguageCode): Promise<void> {
  globalThis.localStorage?.setItem(storageKeys.lang, language);
  await showLanguage(language);
}

export function currentLanguage(): LanguageCode {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguageCode(language) ? language : defaultLanguage;
}

/** Whether the current language (or English) has a text for this key. */
export function hasTranslation(key: string): boolean {
  return i18n.exists(key);
}

/** At sign-in: the profile's saved language, unless this browser stored a choice of its own. */
export async function applyProfileLanguage(profileLocale: string | null | undefined): Promise<void> {
  const language = profileLanguageToApply(readStoredLanguage(), profileLocale, currentLanguage());
  if (language) await switchLanguage(language);
}

/** The public checkout pages speak the consumer's language, English when the browser names none of ours. */
export async function applyConsumerLanguage(): Promise<void> {
  const language = consumerLanguage(readStoredLanguage(), browserLanguages());
  if (language === currentLanguage()) return;
  await showLanguage(language);
}
