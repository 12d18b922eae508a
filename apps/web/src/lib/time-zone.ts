import { getMerchantProfile } from './auth-storage';

/** The zone the browser runs in. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The signed-in merchant's business time zone, else (no merchant session) the browser's. */
export function merchantTimeZone(): string {
  return getMerchantProfile()?.businessInfo.timezone ?? browserTimeZone();
}
