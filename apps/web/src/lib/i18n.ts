import { defaultLanguage, fallbackLanguage, storageKeys, type LanguageCode } from '@sbo/contracts/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { chooseLanguage, isLanguageCode, profileLanguageToApply } from './languages';
import { loadTranslationTree } from './translation-bundles';
import { applyUiLocale } from './ui-locale';

export const i18n = i18next.createInstance();

async function ensureTranslations(language: LanguageCode): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await loadTranslationTree(language), true, true);
}

function readStoredLanguage(): string | null {
  try {
    return globalThis.localStorage?.getItem(storageKeys.lang) ?? null;
  } catch {
    return null;
  }
}

export function detectLanguage(): LanguageCode {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return chooseLanguage(readStoredLanguage(), browser);
}

function reflectInDocument(language: LanguageCode): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.title = i18n.t('app.title');
}

/** Loads the starting language (and the English fallback) before the first render. */
export async function initI18n(language: LanguageCode = detectLanguage()): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: fallbackLanguage,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await Promise.all([ensureTranslations(language), ensureTranslations(fallbackLanguage), applyUiLocale(language)]);
  await i18n.changeLanguage(language);
  reflectInDocument(language);
}

/** Switches texts, antd and dayjs together and remembers the choice. */
export async function switchLanguage(language: LanguageCode): Promise<void> {
  await Promise.all([ensureTranslations(language), applyUiLocale(language)]);
  globalThis.localStorage?.setItem(storageKeys.lang, language);
  await i18n.changeLanguage(language);
  reflectInDocument(language);
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
