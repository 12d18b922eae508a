import { getMerchantProfile } from './auth-storage';

// The browser's zone, read once: building an Intl.DateTimeFormat for each call costs a phone milliseconds.
let browserZone: string | undefined;

/** The zone the browser runs in. */
export function browserTimeZone(): string {
  return (browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

/** The signed-in merchant's business time zone, else (no merchant session) the browser's. */
export function merchantTimeZone(): string {
  return getMerchantProfile()?.businessInfo.timezone ?? browserTimeZone();
}
