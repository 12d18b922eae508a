import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { apiBase, baseUrl } from './browser';

/** The demo accounts the product seeds on an empty database (its start-up banner lists them). */
export const demo = {
  owner: 'demo@example.com',
  manager: 'manager@example.com',
  storeManager: 'store@example.com',
  password: 'demo1234',
};

/** Fills the sign-in service's own page (any language: fields are found by name). */
export async function fillSignInPage(page: Page, email: string, password: string): Promise<void> {
  await page.waitForURL(/\/sso\/interaction\//);
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('button[type=submit]').click();
}

/** From a signed-out page to the merchant pick. */
export async function signIn(page: Page, email: string, path = '/merchant-login'): Promise<void> {
  await page.goto(path);
  await fillSignInPage(page, email, demo.password);
  await page.waitForURL(/\/merchant-login/);
  await page.getByTestId('merchant-card').first().waitFor();
}

type SavedSession = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A saved session belongs to one account on one product (each worker has its own product). */
const sessionFile = (email: string) =>
  `${inject('sessionDir')}/${encodeURIComponent(`${new URL(baseUrl()).port}-${email}`)}.json`;

/** The login token a saved session holds, if the api still takes it (no journey has logged it out). */
async function stillValid(session: SavedSession): Promise<boolean> {
  const stored = session.origins.flatMap((origin) => origin.localStorage).find((item) => item.name === 'accessToken');
  const token = (JSON.parse(stored?.value ?? '{}') as { value?: string }).value;
  if (!token) return false;
  const answer = await fetch(`${apiBase()}/merchant/list`, { headers: { Authorization: `Bearer ${token}` } });
  return answer.ok;
}

/**
 * This run's session of a demo account: signed in through the sign-in pages the first time (in a
 * browser profile of its own) and kept on disk for the run, so later journeys skip the password pages.
 * Only the back-office's tokens are kept (no language choice, no sign-in service cookie). A session
 * some journey has logged out since is replaced by a fresh sign-in.
 */
async function savedSession(browser: Browser, email: string): Promise<SavedSession> {
  const file = sessionFile(email);
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as SavedSession;
    if (await stillValid(saved)) return saved;
  }
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'en-US', reducedMotion: 'reduce' });
  context.setDefaultTimeout(120_000);
  context.setDefaultNavigationTimeout(180_000);
  try {
    const page = await context.newPage();
    await signIn(page, email);
    const state = await context.storageState();
    const session: SavedSession = {
      cookies: [],
      origins: state.origins.map((origin) => ({
        origin: origin.origin,
        localStorage: origin.localStorage.filter((item) => item.name !== 'lang'),
      })),
    };
    // Written whole, then moved into place: a journey reading it never sees half a file.
    writeFileSync(`${file}.${process.pid}`, JSON.stringify(session));
    renameSync(`${file}.${process.pid}`, file);
    return session;
  } finally {
    await context.close();
  }
}

/**
 * Signs in as a demo account with the run's saved session of it (see `savedSession`) and opens
 * `path` (by default the merchant pick, where `signIn` ends too). For a fresh browser profile:
 * journeys about signing in, or that log out or revoke the session, use `signIn` instead.
 */
export async function restoreSession(page: Page, email: string, path = '/merchant-login'): Promise<void> {
  const browser = page.context().browser();
  if (!browser) throw new Error('restoreSession needs a page of a browser context');
  await page.context().setStorageState(await savedSession(browser, email));
  await page.goto(path);
  if (path === '/merchant-login') await page.getByTestId('merchant-card').first().waitFor();
}

/** Picks the merchant whose card shows this name, and waits for the shell. */
export async function pickMerchant(page: Page, companyName: string | RegExp): Promise<void> {
  await page.getByTestId('merchant-card').filter({ hasText: companyName }).click();
  await page.getByTestId('header-merchant').waitFor();
  expect(page.url()).not.toContain('/merchant-login');
}

export async function storedSession(page: Page) {
  return page.evaluate(() => ({
    login: localStorage.getItem('accessToken'),
    merchant: localStorage.getItem('merchantToken'),
  }));
}
