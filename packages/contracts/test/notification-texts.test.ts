import { describe, expect, it } from 'vitest';
import { languageCodes } from '../src/constants';
import { notificationKinds } from '../src/notifications';
import { notificationLanguage, notificationText, notificationTexts, notificationTime } from '../src/notification-texts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('notification texts', () => {
  it('has every kind in every interface language, with the same placeholders as English', () => {
    for (const language of languageCodes) {
      const texts = notificationTexts[language];
      expect(texts, language).toBeDefined();
      for (const kind of [...notificationKinds, 'test' as const]) {
        const phrase = texts!.kinds[kind];
        expect(phrase.title.length, `${language} ${kind}`).toBeGreaterThan(0);
        expect(placeholders(phrase.body), `${language} ${kind}`).toEqual(
          placeholders(notificationTexts.en!.kinds[kind].body),
        );
      }
      expect(placeholders(texts!.where)).toEqual(['device', 'place']);
    }
  });

  it('fills machine, place, code and time, and marks critical ones', () => {
    const values = { device: 'Washer 7', place: 'Sunny Laundry', code: 1303004, time: '22 Nov 2026, 10:00' };
    expect(notificationText('deviceError', 'en', values, true)).toMatchObject({
      title: 'Critical: Machine fault',
      body: 'Washer 7 at Sunny Laundry reported fault 1303004 at 22 Nov 2026, 10:00.',
    });
    expect(notificationText('deviceOffline', 'zh-TW', { ...values, place: null }).body).toBe(
      'Washer 7於 22 Nov 2026, 10:00 離線。',
    );
    expect(notificationText('cashBoxFull', 'vi', { ...values, device: null }).body).toContain('Một máy');
  });

  it('reads the member’s language from their profile, English when unset or unknown', () => {
    expect(notificationLanguage(null)).toBe('en');
    expect(notificationLanguage('th')).toBe('th');
    expect(notificationLanguage('zh-Hant-HK')).toBe('zh-HK');
    expect(notificationLanguage('fr')).toBe('en');
    expect(notificationTime(new Date('2026-11-22T02:00:00Z'), 'en', 'Asia/Taipei')).toMatch(/10:00/);
  });
});
