import { apiRoutes } from '@sbo/contracts/api/routes';
import { storageKeys } from '@sbo/contracts/constants';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../src/app/router';
import { RequireMerchant, RequireSignIn } from '../src/app/guards/session-guards';
import { needsSignIn, signInFirstAddress } from '../src/boot/sign-in-first';
import { endpointAddress } from '../src/lib/api-client';

const now = Date.UTC(2026, 0, 1);
const token = (expiresAt: number) => JSON.stringify({ value: 'jwt', expiresAt });

function visit(address: string, stored: Record<string, string> = {}, browserLanguages: string[] = ['en-US']) {
  const url = new URL(address, 'http://localhost');
  return signInFirstAddress({
    pathname: url.pathname,
    search: url.search,
    readItem: (key) => stored[key] ?? null,
    browserLanguages,
    now,
  });
}

const authorize = (redirect: string, lang: string) =>
  endpointAddress(apiRoutes.ssoAuthorize, { query: { redirect, lang } });

describe('sign-in first (index.html, before the app downloads)', () => {
  it('sends a visitor without a login token from a screen behind sign-in to the sign-in service', () => {
    expect(visit('/dashboard')).toBe(authorize('/dashboard', 'en'));
    expect(visit('/dashboard/transaction-record?range=today')).toBe(
      authorize('/dashboard/transaction-record?range=today', 'en'),
    );
    expect(visit('/')).toBe(authorize('/', 'en'));
    expect(visit('/app/device/info/3')).toBe(authorize('/app/device/info/3', 'en'));
  });

  it("comes back to the merchant pick from sign-in's own pages, as the app does", () => {
    expect(visit('/merchant-login?redirect=%2Fdevice')).toBe(authorize('/merchant-login', 'en'));
    expect(visit('/user-login')).toBe(authorize('/merchant-login', 'en'));
    expect(visit('/user-login?redirect=%2Fdevice')).toBe(authorize('/device', 'en'));
    expect(visit('/user-login?redirect=%2F%2Fevil.example')).toBe(authorize('/merchant-login', 'en'));
  });

  it('asks in the stored language, else the browser one, else the default', () => {
    expect(visit('/dashboard', { [storageKeys.lang]: 'th' })).toBe(authorize('/dashboard', 'th'));
    expect(visit('/dashboard', {}, ['zh-HK'])).toBe(authorize('/dashboard', 'zh-HK'));
    expect(visit('/dashboard', {}, ['fr-FR'])).toBe(authorize('/dashboard', 'zh-TW'));
  });

  it('lets the app start with a login token that still counts', () => {
    expect(visit('/dashboard', { [storageKeys.accessToken]: token(now + 1000) })).toBeNull();
    expect(visit('/dashboard', { [storageKeys.accessToken]: token(now) })).toBe(authorize('/dashboard', 'en'));
    expect(visit('/dashboard', { [storageKeys.accessToken]: 'not json' })).toBe(authorize('/dashboard', 'en'));
  });

  it('lets the app start on pages that need no sign-in', () => {
    for (const address of [
      '/custom/checkout?hwid=W1',
      '/fn/place-status',
      '/mb/checkout',
      '/app?target=deviceInfo&id=1',
      '/no-such-screen',
      '/user-login?keyring=abc&redirect=%2Fdashboard',
      '/user-login?error=access_denied',
      '/user-login?signedOut=1',
    ]) {
      expect(visit(address), address).toBeNull();
    }
  });

  it('agrees with the route table on which screens need a sign-in', () => {
    const paths: { path: string; guarded: boolean }[] = [];
    const walk = (list: RouteObject[], guarded: boolean) => {
      for (const route of list) {
        const element = route.element as { type?: unknown } | undefined;
        const guards = guarded || element?.type === RequireSignIn || element?.type === RequireMerchant;
        if (route.path && route.path !== '*') paths.push({ path: route.path, guarded: guards });
        if (route.children) walk(route.children, guards);
      }
    };
    walk(routes, false);
    expect(paths.length).toBeGreaterThan(50);
    for (const { path, guarded } of paths) {
      // `/user-login` decides by its query (above); the route table itself leaves it open.
      if (path === '/user-login') continue;
      expect(needsSignIn(path.replace(/:[^/]+/g, 'x')), path).toBe(guarded);
    }
  });
});
