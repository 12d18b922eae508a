import type { MerchantProfile } from '@sbo/contracts';
import { storageKeys, tokenLifetimes } from '@sbo/contracts/constants';

/** A stored value with the moment it stops counting; expired values read as absent. */
type ExpiringEntry = { value: string; expiresAt: number };

const listeners = new Set<() => void>();
const sessionKeys: readonly string[] = Object.values(storageKeys);
let profileCache: { raw: string; profile: MerchantProfile | null } | null = null;

function storage(): Storage | null {
  return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
}

function readEntry(key: string): string | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    const entry = JSON.parse(raw) as Partial<ExpiringEntry>;
    if (typeof entry.value !== 'string' || typeof entry.expiresAt !== 'number') throw new Error('malformed');
    if (Date.now() >= entry.expiresAt) throw new Error('expired');
    return entry.value;
  } catch {
    // A malformed or expired entry is as good as none; drop it so it is not read again.
    storage()?.removeItem(key);
    return null;
  }
}

/**
 * The profile was validated against the contract when merchant login returned
 * it; this only rejects an entry an older version of the app wrote, checking
 * the parts the shell reads.
 */
function isCurrentProfile(value: unknown): value is MerchantProfile {
  if (typeof value !== 'object' || value === null) return false;
  const profile: Partial<MerchantProfile> = value;
  return (
    Array.isArray(profile.permissions) &&
    typeof profile.member?.rbacRole === 'string' &&
    typeof profile.businessInfo?.companyName === 'string'
  );
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

function writeEntry(key: string, value: string, lifetimeSeconds: number): void {
  const entry: ExpiringEntry = { value, expiresAt: Date.now() + lifetimeSeconds * 1000 };
  storage()?.setItem(key, JSON.stringify(entry));
}

function notify(): void {
  listeners.forEach((listener) => listener());
}

export function getLoginToken(): string | null {
  return readEntry(storageKeys.accessToken);
}

export function getMerchantToken(): string | null {
  return readEntry(storageKeys.merchantToken);
}

/** The profile of the picked merchant, validated so a stale shape never reaches the screens. */
export function getMerchantProfile(): MerchantProfile | null {
  const raw = readEntry(storageKeys.merchantInfo);
  if (raw === null) return null;
  if (profileCache?.raw !== raw) {
    const stored = parseJson(raw);
    profileCache = { raw, profile: isCurrentProfile(stored) ? stored : null };
  }
  return profileCache.profile;
}

export function saveLoginToken(jwt: string): void {
  writeEntry(storageKeys.accessToken, jwt, tokenLifetimes.loginSeconds);
  notify();
}

export function saveMerchantSession(jwt: string, profile: MerchantProfile): void {
  writeEntry(storageKeys.merchantToken, jwt, tokenLifetimes.merchantSeconds);
  writeEntry(storageKeys.merchantInfo, JSON.stringify(profile), tokenLifetimes.merchantSeconds);
  notify();
}

/** Replaces the stored profile (role, groups, permissions) as the api reports it now. */
export function updateMerchantProfile(profile: MerchantProfile): void {
  const raw = JSON.stringify(profile);
  if (readEntry(storageKeys.merchantInfo) === raw) return;
  writeEntry(storageKeys.merchantInfo, raw, tokenLifetimes.merchantSeconds);
  notify();
}

export function clearMerchantSession(): void {
  storage()?.removeItem(storageKeys.merchantToken);
  storage()?.removeItem(storageKeys.merchantInfo);
  notify();
}

/** Signing out forgets both tokens and anything tied to them. */
export function clearAllSessions(): void {
  storage()?.removeItem(storageKeys.accessToken);
  storage()?.removeItem(storageKeys.ssoKeyring);
  storage()?.removeItem(storageKeys.loginCode);
  clearMerchantSession();
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || sessionKeys.includes(event.key)) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}
