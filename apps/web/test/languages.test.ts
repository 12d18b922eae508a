import { languages, storageKeys } from '@sbo/contracts';
import { describe, expect, it } from 'vitest';
import { applyProfileLanguage, currentLanguage, detectLanguage, switchLanguage } from '../src/lib/i18n';
import { chooseLanguage, profileLanguageToApply } from '../src/lib/languages';

describe('chooseLanguage', () => {
  it('takes the stored choice first', () => {
    expect(chooseLanguage('th', ['en-US'])).toBe('th');
  });

  it('ignores a stored value that is not one of ours', () => {
    expect(chooseLanguage('fr', ['vi-VN'])).toBe('vi');
  });

  it('takes the first supported browser language', () => {
    expect(chooseLanguage(null, ['ko-KR', 'ms-MY', 'en-GB'])).toBe('ms');
    expect(chooseLanguage(null, ['ja-JP', 'en-US'])).toBe('ja');
    expect(chooseLanguage(null, ['zh-Hant-HK'])).toBe('zh-HK');
  });

  it('falls back to zh-TW when nothing matches', () => {
    expect(chooseLanguage(null, ['fr-FR', 'ko'])).toBe('zh-TW');
    expect(chooseLanguage(null, [])).toBe('zh-TW');
  });
});

describe('switchLanguage', () => {
  it('stores the choice under `lang`, and the stored choice wins on the next start', async () => {
    await switchLanguage('th');
    expect(localStorage.getItem(storageKeys.lang)).toBe('th');
    expect(currentLanguage()).toBe('th');
    expect(detectLanguage()).toBe('th');
    await switchLanguage('en');
  });

  it('offers the eight languages in the order of spec section 1, Japanese last', () => {
    expect(languages.map((language) => language.languageCode)).toEqual([
      'zh-TW',
      'en',
      'zh-HK',
      'th',
      'vi',
      'ms',
      'zh-CN',
      'ja',
    ]);
  });
});

describe('profileLanguageToApply', () => {
  it("applies the profile's language when the browser stored no choice", () => {
    expect(profileLanguageToApply(null, 'th', 'en')).toBe('th');
  });

  it('leaves a choice stored in this browser alone', () => {
    expect(profileLanguageToApply('en', 'th', 'en')).toBeNull();
  });

  it('does nothing without a saved language, with an unknown one, or when it already shows', () => {
    expect(profileLanguageToApply(null, null, 'en')).toBeNull();
    expect(profileLanguageToApply(null, 'fr', 'en')).toBeNull();
    expect(profileLanguageToApply(null, 'th', 'th')).toBeNull();
  });
});

describe('applyProfileLanguage', () => {
  it('switches to and stores the profile language only when no choice is stored', async () => {
    localStorage.removeItem(storageKeys.lang);
    await applyProfileLanguage('vi');
    expect(currentLanguage()).toBe('vi');
    expect(localStorage.getItem(storageKeys.lang)).toBe('vi');
    await applyProfileLanguage('th');
    expect(currentLanguage()).toBe('vi');
    await switchLanguage('en');
  });
});
