import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useMemo } from 'react';
import { subscribeToSession } from './auth-storage';
import { formatDate, formatDateTime, formatDateTimeSeconds } from './format';
import { todayIn, type DayText } from './sales-range';
import { browserTimeZone, merchantTimeZone } from './time-zone';
import { useMerchantProfile } from './use-session';

// Every date and time the back office shows is on the merchant's clock (its business time zone),
// wherever the browser is. Only without a merchant session (sign-in, invitations) does the browser's
// zone stand in, and screens there say which zone they show.

export { browserTimeZone, merchantTimeZone };

export type MerchantClock = {
  timeZone: string;
  /** A calendar date on the merchant's clock. */
  date: (value: Date | string | number) => string;
  /** A date and time, to the minute, on the merchant's clock. */
  dateTime: (value: Date | string | number) => string;
  /** A date and time, to the second, on the merchant's clock. */
  dateTimeSeconds: (value: Date | string | number) => string;
  /** Today's date on the merchant's clock, YYYY-MM-DD. */
  today: () => DayText;
};

/** Formatters bound to one zone, in the current interface language. */
export function clockIn(timeZone: string): MerchantClock {
  return {
    timeZone,
    date: (value) => formatDate(value, undefined, timeZone),
    dateTime: (value) => formatDateTime(value, undefined, timeZone),
    dateTimeSeconds: (value) => formatDateTimeSeconds(value, undefined, timeZone),
    today: () => todayIn(timeZone),
  };
}

/** The merchant's clock for a screen, following the session (another merchant picked, another zone). */
export function useMerchantClock(): MerchantClock {
  const zone = useMerchantProfile()?.businessInfo.timezone ?? browserTimeZone();
  return useMemo(() => clockIn(zone), [zone]);
}

/**
 * The date pickers' "today" (its mark, the Today and Now buttons) is the merchant's: antd asks dayjs
 * for the time now in dayjs' default zone when the timezone plugin is loaded, so that default follows
 * the merchant of the session.
 */
export function startMerchantClock(): void {
  dayjs.extend(utc);
  dayjs.extend(timezone);
  const follow = () => dayjs.tz.setDefault(merchantTimeZone());
  follow();
  subscribeToSession(follow);
}
