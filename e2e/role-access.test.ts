import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, saveScreenshot } from './support/browser';
import { callApi } from './support/devices';
import { demo, fillSignInPage, pickMerchant, restoreSession, signIn } from './support/sign-in';

// What a daily user trips over (issue 15, item 7): nobody is offered what their role cannot do, a screen
// the role cannot open says so with a way back, and the pages around signing in and out lead somewhere.

const shareholder = 'shareholder@example.com';
const guestEmail = 'owner2@example.com';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Signed in as `email` with the run's saved session; `throughPages` for a session of its own (to log out). */
async function signedIn(
  email: string,
  viewport?: { width: number; height: number },
  { throughPages = false } = {},
): Promise<Page> {
  const { page } = await openPage(browser, { language: 'en', viewport });
  await (throughPages ? signIn(page, email) : restoreSession(page, email));
  await pickMerchant(page, 'Sunny Laundry Co.');
  return page;
}

const selectedMenuItems = (page: Page) => page.locator('.side-menu .ant-menu-item-selected').allInnerTexts();

describe('offered only what the role may do', () => {
  it('a view-only shareholder is never offered the "Add a bank account" form', async () => {
    const page = await signedIn(shareholder);
    await page.goto('/user/wallet/withdraw');
    await page.getByRole('heading', { level: 1, name: 'Withdraw' }).waitFor();
    await page.getByTestId('withdrawable').waitFor();
    expect(await page.getByRole('button', { name: 'Add a bank account' }).count()).toBe(0);
    expect(await page.getByTestId('withdraw-button').count()).toBe(0);

    // The bank accounts are theirs to see (wallet.read), not to add.
    await page.goto('/user/wallet/bankbook');
    await page.getByRole('heading', { level: 1, name: 'Bank accounts' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add bank account' }).count()).toBe(0);
    expect(await selectedMenuItems(page)).toEqual(['Bank accounts']);

    // Typing the form's address gives a plain answer, no form to fill in and be refused at Save.
    await page.goto('/user/wallet/bankbook/create');
    await page.getByRole('heading', { level: 1, name: 'You do not have access to Add bank account' }).waitFor();
    expect(await page.locator('form input').count()).toBe(0);
    await saveScreenshot(page, 'role-shareholder-bankbook-create-en-desktop');
    await page.context().close();
  });

  it('a store manager opening the wallet is told they have no access, with a way back and no wrong highlight', async () => {
    const page = await signedIn(demo.storeManager);
    await page.goto('/device');
    await page.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
    await page.goto('/user/wallet/withdraw');
    const noAccess = page.getByTestId('no-access');
    await noAccess.getByRole('heading', { level: 1, name: 'You do not have access to Withdraw' }).waitFor();
    await noAccess.getByText('Your role (Store manager) cannot open this screen.', { exact: false }).waitFor();
    // No failed call and no useless "Try again".
    expect(await page.getByText('1104016').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    // The wallet is not in their menu, and Preferences (a parent address) is not highlighted either.
    expect(await selectedMenuItems(page)).toEqual([]);
    await saveScreenshot(page, 'role-store-manager-wallet-en-desktop');

    await noAccess.getByRole('button', { name: 'Go to my start page' }).click();
    await page.waitForURL(/\/device$/);
    await expect.poll(() => selectedMenuItems(page)).toEqual(['Devices']);

    // Product templates are theirs to read, not to change: the form is shown without a Save.
    const templates = await callApi<{ id: number }[] | { items: { id: number }[] }>(page, 'GET', 'product/list');
    const first = Array.isArray(templates) ? templates[0] : templates.items[0];
    await page.goto(`/product/info/${first?.id}`);
    await page.locator('form#product').waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page.locator('form#product input:not([disabled])').count()).toBe(0);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(/\/product$/);
    await page.context().close();
  });
});

describe('signing out, and invitations', () => {
  it('Back after logging out reaches a sign-in page that leads forward', async () => {
    // Logging out revokes the session: one of its own, through the sign-in pages.
    const page = await signedIn(demo.owner, undefined, { throughPages: true });
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/\/user-login\?signedOut=1/);

    // Back, as far as the sign-in service's page of the finished sign-in.
    for (let step = 0; step < 6 && !/\/sso\/interaction\//.test(page.url()); step += 1) await page.goBack();
    expect(page.url()).toMatch(/\/sso\/interaction\//);
    await page.getByRole('heading', { level: 1, name: 'This sign-in page has expired' }).waitFor();
    await saveScreenshot(page, 'sign-in-expired-after-logout-en-desktop');

    // The way forward: the back-office's start, which (signed out) begins a fresh sign-in.
    await page.getByRole('link', { name: 'Go to the back-office' }).click();
    await fillSignInPage(page, demo.owner, demo.password);
    await page.waitForURL(/\/merchant-login/);
    await page.getByTestId('merchant-card').first().waitFor();
    await page.context().close();
  });

  it('the invitation page has a header (language, who is signed in, sign out) and takes the code out of the address', async () => {
    const owner = await signedIn(demo.owner);
    const { code } = await callApi<{ code: string }>(owner, 'POST', 'member/invite', { role: 'storeManager' });
    await owner.context().close();

    const { page } = await openPage(browser, { language: 'en' });
    await page.goto(`/invite-accept?inviteCode=${code}`);
    await fillSignInPage(page, guestEmail, demo.password);
    await page.getByRole('heading', { name: 'Join Sunny Laundry Co.' }).waitFor();
    await expect.poll(() => page.url()).not.toContain('inviteCode');
    expect(new URL(page.url()).pathname).toBe('/invite-accept');
    expect(await page.evaluate(() => window.location.search)).toBe('');

    const header = page.locator('.auth-page-header');
    await header.getByTestId('language-select').waitFor();
    await header.getByText(`Signed in as ${guestEmail}`).waitFor();
    await header.getByRole('button', { name: 'Not you? Sign out' }).waitFor();
    await saveScreenshot(page, 'invite-accept-header-en-desktop');

    // Reloading the page still shows the invitation; the code never comes back into the address.
    await page.reload();
    await page.getByRole('heading', { name: 'Join Sunny Laundry Co.' }).waitFor();
    expect(page.url()).not.toContain('inviteCode');

    // The language switch works here too.
    await header.getByTestId('language-select').selectOption('zh-TW');
    await page.locator('.invite-accept-heading').filter({ hasText: '接受邀請' }).waitFor();
    await page.evaluate(() => localStorage.setItem('lang', 'en'));

    // Not the invited person: sign out from here.
    await page.reload();
    await header.getByRole('button', { name: 'Not you? Sign out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/\/user-login\?signedOut=1/);
    await page.context().close();
  });
});

describe('the side menu', () => {
  it('runs the whole height of a long page', async () => {
    const page = await signedIn(demo.owner, { width: 1280, height: 560 });
    await page.goto('/device');
    await page.locator('.device-row').first().waitFor();
    const { pageHeight, siderHeight } = await page.evaluate(() => ({
      pageHeight: document.documentElement.scrollHeight,
      siderHeight: document.querySelector('.manager-sider')?.getBoundingClientRect().height ?? 0,
    }));
    expect(pageHeight).toBeGreaterThan(900);
    expect(siderHeight).toBeGreaterThanOrEqual(pageHeight - 1);

    // The whole page: the side column's background runs to the bottom.
    await page.screenshot({
      path: new URL('screenshots/side-menu-long-page-full-en-desktop.png', import.meta.url).pathname,
      fullPage: true,
      animations: 'disabled',
    });
    // Scrolled to the bottom, the menu is still in view.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1);
    const menuTop = await page.locator('.side-menu').evaluate((menu) => menu.getBoundingClientRect().top);
    expect(menuTop).toBeGreaterThanOrEqual(0);
    expect(menuTop).toBeLessThan(200);
    await saveScreenshot(page, 'side-menu-long-page-scrolled-en-desktop');
    await page.context().close();
  });
});
