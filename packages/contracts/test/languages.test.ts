import { describe, expect, it } from 'vitest';
import { matchLanguage } from '../src/languages';
import { ssoAuthorizeQuery } from '../src/schemas/auth';

describe('matchLanguage', () => {
  it.each([
    ['zh-TW', 'zh-TW'],
    ['zh-tw', 'zh-TW'],
    ['zh_TW', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['zh-Hant-TW', 'zh-TW'],
    ['zh-HK', 'zh-HK'],
    ['zh-Hant-HK', 'zh-HK'],
    ['zh-MO', 'zh-HK'],
    ['zh-CN', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-Hans-HK', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['en-US', 'en'],
    ['th-TH', 'th'],
    ['vi', 'vi'],
    ['ms-SG', 'ms'],
    ['ja', 'ja'],
    ['ja-JP', 'ja'],
    ['ko-KR', null],
    ['fr', null],
    ['', null],
  ])('maps the tag %s to %s', (tag, expected) => {
    expect(matchLanguage(tag)).toBe(expected);
  });

  it('takes the first of our languages in a space-separated ui_locales value', () => {
    expect(matchLanguage('fr zh-HK en')).toBe('zh-HK');
  });

  it('reads an Accept-Language header by weight, skipping languages we do not have', () => {
    expect(matchLanguage('fr-FR,fr;q=0.9,th;q=0.5,vi;q=0.8')).toBe('vi');
    expect(matchLanguage('en; q=0.2, ms')).toBe('ms');
    expect(matchLanguage('th;q=0, *;q=0.5')).toBeNull();
  });

  it('takes the first of our languages in a list of tags', () => {
    expect(matchLanguage(['ko-KR', 'ms-MY', 'en-GB'])).toBe('ms');
    expect(matchLanguage(['fr-FR', 'ja-JP', 'en-GB'])).toBe('ja');
    expect(matchLanguage([])).toBeNull();
  });
});

describe('ssoAuthorizeQuery', () => {
  it('keeps one of our languages and reads a regional tag as ours', () => {
    expect(ssoAuthorizeQuery.parse({ lang: 'th' }).lang).toBe('th');
    expect(ssoAuthorizeQuery.parse({ lang: 'zh-Hant-HK' }).lang).toBe('zh-HK');
  });

  it('falls back to English for a language we do not have instead of refusing the request', () => {
    expect(ssoAuthorizeQuery.safeParse({ lang: 'fr' })).toMatchObject({ success: true, data: { lang: 'en' } });
    expect(ssoAuthorizeQuery.safeParse({ lang: 'ko-KR' })).toMatchObject({ success: true, data: { lang: 'en' } });
    expect(ssoAuthorizeQuery.safeParse({ lang: 'x'.repeat(300) })).toMatchObject({
      success: true,
      data: { lang: 'en' },
    });
    expect(ssoAuthorizeQuery.safeParse({ lang: '%%;;q=abc' })).toMatchObject({ success: true, data: { lang: 'en' } });
  });

  it('reads Japanese as the eighth language', () => {
    expect(ssoAuthorizeQuery.parse({ lang: 'ja-JP' }).lang).toBe('ja');
  });

  it('leaves the language out when none was asked for', () => {
    expect(ssoAuthorizeQuery.parse({}).lang).toBeUndefined();
  });
});
