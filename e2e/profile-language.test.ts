import type { UserProfile } from '@sbo/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBase, launchBrowser, openPage, saveScreenshot } from './support/browser';
import { restoreSession, signIn } from './support/sign-in';

/** A call with the page's login token (the profile belongs to the user, not the merchant). */
async function callProfile(page: Page, method: 'GET' | 'PUT', body?: unknown): Promise<UserProfile> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('accessToken') ?? '{}') as { value?: string }).value,
  );
  const response = await fetch(`${apiBase()}/user/profile`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = (await response.json()) as { result: UserProfile };
  if (!response.ok) throw new Error(`${method} user/profile: ${response.status} ${JSON.stringify(answer)}`);
  return answer.result;
}

// A demo user no other journey signs in as: changing their saved language touches nobody else.
const shareholder = 'shareholder@example.com';

let browser: Browser;
let first: Page;
let saved: UserProfile;
beforeAll(async () => {
  browser = await launchBrowser();
  first = (await openPage(browser, { language: 'en' })).page;
  await restoreSession(first, shareholder);
  saved = await callProfile(first, 'GET');
});

afterAll(async () => {
  await callProfile(first, 'PUT', { nickName: saved.nickName, locale: saved.locale });
  await browser.close();
});

describe('the language saved in the profile', () => {
  it('applies at the next sign-in in a browser with no choice of its own, and a local choice wins', async () => {
    await callProfile(first, 'PUT', { nickName: saved.nickName, locale: 'th' });

    // Through the sign-in pages: the saved language is applied when signing in.
    const fresh = await openPage(browser);
    await signIn(fresh.page, shareholder);
    await expect.poll(() => fresh.page.evaluate(() => document.documentElement.lang)).toBe('th');
    expect(await fresh.page.evaluate(() => localStorage.getItem('lang'))).toBe('th');
    await saveScreenshot(fresh.page, 'profile-language-th-desktop');
    await fresh.context.close();

    const chosen = await openPage(browser, { language: 'vi' });
    await signIn(chosen.page, shareholder);
    expect(await chosen.page.evaluate(() => document.documentElement.lang)).toBe('vi');
    await chosen.context.close();
  });
});
