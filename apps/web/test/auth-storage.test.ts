import { storageKeys, tokenLifetimes } from '@sbo/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearAllSessions,
  clearMerchantSession,
  getLoginToken,
  getMerchantProfile,
  getMerchantToken,
  saveLoginToken,
  saveMerchantSession,
} from '../src/lib/auth-storage';
import { sampleProfile } from './samples';

const start = new Date('2025-03-01T00:00:00Z');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(start);
});
afterEach(() => vi.useRealTimers());

describe('auth storage', () => {
  it('keeps the login token 7 days, then reads it as absent and forgets it', () => {
    saveLoginToken('login');
    vi.setSystemTime(start.getTime() + tokenLifetimes.loginSeconds * 1000 - 1);
    expect(getLoginToken()).toBe('login');
    vi.setSystemTime(start.getTime() + tokenLifetimes.loginSeconds * 1000);
    expect(getLoginToken()).toBeNull();
    expect(localStorage.getItem(storageKeys.accessToken)).toBeNull();
  });

  it('keeps the merchant token and profile 1 day', () => {
    saveMerchantSession('merchant', sampleProfile());
    vi.setSystemTime(start.getTime() + tokenLifetimes.merchantSeconds * 1000 - 1);
    expect(getMerchantToken()).toBe('merchant');
    expect(getMerchantProfile()?.businessInfo.companyName).toBe('Sunny Laundry');
    vi.setSystemTime(start.getTime() + tokenLifetimes.merchantSeconds * 1000);
    expect(getMerchantToken()).toBeNull();
    expect(getMerchantProfile()).toBeNull();
  });

  it('stores under the keys of spec section 9', () => {
    saveLoginToken('login');
    saveMerchantSession('merchant', sampleProfile());
    expect(localStorage.getItem(storageKeys.accessToken)).toContain('login');
    expect(localStorage.getItem(storageKeys.merchantToken)).toContain('merchant');
    expect(localStorage.getItem(storageKeys.merchantInfo)).toContain('Sunny Laundry');
  });

  it('reads a malformed entry or a profile of another shape as absent', () => {
    localStorage.setItem(storageKeys.accessToken, 'not json');
    expect(getLoginToken()).toBeNull();
    const stale = JSON.stringify({ value: JSON.stringify({ userId: 'x' }), expiresAt: Date.now() + 1000 });
    localStorage.setItem(storageKeys.merchantInfo, stale);
    expect(getMerchantProfile()).toBeNull();
  });

  it('clears the merchant alone on a merchant switch, and everything on sign-out', () => {
    saveLoginToken('login');
    saveMerchantSession('merchant', sampleProfile());
    clearMerchantSession();
    expect(getMerchantToken()).toBeNull();
    expect(getLoginToken()).toBe('login');
    saveMerchantSession('merchant', sampleProfile());
    clearAllSessions();
    expect(getLoginToken()).toBeNull();
    expect(getMerchantToken()).toBeNull();
  });
});
