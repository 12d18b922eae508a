import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { clearMerchantSession, saveMerchantSession } from '../src/lib/auth-storage';
import { formatDateTime } from '../src/lib/format';
import { browserTimeZone, clockIn, merchantTimeZone, startMerchantClock } from '../src/lib/merchant-clock';
import { todayIn } from '../src/lib/sales-range';
import { sampleProfile } from './samples';

// 2026-11-24 03:30 UTC: already the 24th at 11:30 in Taipei, still the 23rd at 22:30 in New York.
const instant = '2026-11-24T03:30:00Z';

const withZone = (timezone: string) => sampleProfile({ businessInfo: { ...sampleProfile().businessInfo, timezone } });

describe('clockIn', () => {
  it("shows an instant on the given zone's clock, whatever the browser's", () => {
    expect(clockIn('Asia/Taipei').dateTime(instant)).toBe(formatDateTime(instant, 'en', 'Asia/Taipei'));
    expect(clockIn('Asia/Taipei').dateTime(instant)).toContain('11:30');
    expect(clockIn('America/New_York').dateTime(instant)).toContain('10:30');
    expect(clockIn('Asia/Taipei').date(instant)).toBe('Nov 24, 2026');
    expect(clockIn('America/New_York').date(instant)).toBe('Nov 23, 2026');
    expect(clockIn('Asia/Taipei').dateTimeSeconds('2026-11-24T03:30:07Z')).toContain('11:30:07');
  });

  it("counts today on the zone's calendar", () => {
    expect(clockIn('Asia/Taipei').today()).toBe(todayIn('Asia/Taipei'));
    expect(clockIn('Pacific/Kiritimati').today() >= clockIn('Pacific/Pago_Pago').today()).toBe(true);
  });
});

describe("the merchant's zone", () => {
  afterEach(() => clearMerchantSession());

  it("is the session merchant's, else the browser's", () => {
    expect(merchantTimeZone()).toBe(browserTimeZone());
    saveMerchantSession('token', withZone('Asia/Kuala_Lumpur'));
    expect(merchantTimeZone()).toBe('Asia/Kuala_Lumpur');
  });

  it("makes the date pickers' now (dayjs' default zone) the merchant's, following the session", () => {
    startMerchantClock();
    saveMerchantSession('token', withZone('Pacific/Kiritimati'));
    expect(dayjs().tz().format('YYYY-MM-DD')).toBe(todayIn('Pacific/Kiritimati'));
    saveMerchantSession('token', withZone('Pacific/Pago_Pago'));
    expect(dayjs().tz().format('YYYY-MM-DD')).toBe(todayIn('Pacific/Pago_Pago'));
    // Fourteen hours ahead of UTC against eleven behind: the zones really are a day apart.
    expect(dayjs().tz('Pacific/Kiritimati').utcOffset() - dayjs().tz('Pacific/Pago_Pago').utcOffset()).toBe(25 * 60);
  });
});
