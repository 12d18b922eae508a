import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { demo, pickMerchant, signIn } from './support/sign-in';

let browser: Browser;
let context: BrowserContext;
let page: Page;

const pathname = () => new URL(page.url()).pathname;
const notFoundShown = () => page.getByTestId('not-found').waitFor();

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await openPage(browser, { language: 'en' }));
  await signIn(page, demo.owner);
  await pickMerchant(page, 'Sunny Laundry Co.');
});
afterAll(async () => {
  await context.close();
  await browser.close();
});

describe('route guards', () => {
  it('shows not-found for an unknown path', async () => {
    await page.goto('/no-such-screen');
    await notFoundShown();
    expect(pathname()).toBe('/no-such-screen');
  });

  it('shows not-found for a device binding with an empty hardware id', async () => {
    await page.goto('/device/binding/%20');
    await notFoundShown();
    await page.goto('/device/binding/HW-0001');
    await page.getByRole('heading', { level: 1, name: 'Bind device' }).waitFor();
  });

  it('shows not-found for /app?target=deviceInfo without an id, and an unknown target', async () => {
    await page.goto('/app?target=deviceInfo');
    await notFoundShown();
    await page.goto('/app?target=nothingLikeThis&id=1');
    await notFoundShown();
  });

  it('sends /app targets to their chrome-less screens', async () => {
    await page.goto('/app?target=deviceInfo&id=1');
    await page.waitForURL(/\/app\/device\/info\/1$/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByTestId('header-merchant').count()).toBe(0);
    await page.goto('/app?target=vipCardDetail&id=7');
    await page.waitForURL(/\/app\/vip-card\/detail\?cardID=7$/);
  });

  it('sends device info without a picked device back to the list', async () => {
    await page.goto('/device/info');
    await page.waitForURL(/\/device$/);
  });

  it('sends invite-accept without an invite code to merchant-login', async () => {
    await page.goto('/invite-accept?inviteCode=ABC123');
    await page.getByRole('heading', { level: 1, name: 'Accept invitation' }).waitFor();
    // The page takes the code out of its address but keeps it for a reload (the same address again);
    // coming to the address from elsewhere without a code goes to the merchant pick.
    await page.goto('/user/profile');
    await page.goto('/invite-accept');
    await page.waitForURL(/\/merchant-login$/);
    expect(pathname()).toBe('/merchant-login');
  });

  it('sends a signed-out visitor to the sign-in service', async () => {
    const visitor = await openPage(browser, { language: 'en' });
    await visitor.page.goto('/promotion');
    await visitor.page.waitForURL(/\/sso\/interaction\//);
    await visitor.context.close();
  });

  it('lands a storeManager going to the dashboard on the device list', async () => {
    const store = await openPage(browser, { language: 'en' });
    await signIn(store.page, demo.storeManager);
    await pickMerchant(store.page, 'Sunny Laundry Co.');
    await store.page.goto('/dashboard');
    await store.page.waitForURL(/\/device$/);
    await store.page.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
    // Their navigation holds no dashboard or wallet.
    const navigation = await store.page.getByRole('navigation').first().textContent();
    expect(navigation).not.toContain('Overview');
    expect(navigation).not.toContain('Wallet');
    await store.context.close();
  });
});
