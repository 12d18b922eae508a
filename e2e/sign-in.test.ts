import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBase, launchBrowser, openPage, saveScreenshot } from './support/browser';
import { demo, fillSignInPage, pickMerchant, storedSession } from './support/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('signing in and out', () => {
  it('signs in through the sign-in pages, picks a merchant, switches merchant and logs out', async () => {
    const { page, context } = await openPage(browser, { language: 'en' });
    await page.goto('/dashboard');
    await fillSignInPage(page, demo.owner, demo.password);

    await page.waitForURL(/\/merchant-login\?redirect=%2Fdashboard/);
    await expect.poll(() => page.getByTestId('merchant-card').count()).toBe(2);
    await saveScreenshot(page, 'merchant-pick-en-desktop');

    await pickMerchant(page, 'Sunny Laundry Co.');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.getByTestId('header-merchant').textContent()).toBe('Sunny Laundry Co.');
    expect(await page.getByTestId('header-role').textContent()).toBe('Owner');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();

    await page.getByRole('button', { name: 'Switch merchant' }).click();
    await page.waitForURL(/\/merchant-login/);
    expect((await storedSession(page)).merchant).toBeNull();
    // In the second merchant the demo user is a storeManager: the dashboard sends them to the devices.
    await pickMerchant(page, 'Harbor Car Wash');
    expect(new URL(page.url()).pathname).toBe('/device');
    expect(await page.getByTestId('header-role').textContent()).toBe('Store manager');

    const { login } = await storedSession(page);
    const loginToken = (JSON.parse(login ?? '{}') as { value?: string }).value;
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(/\/user-login\?signedOut=1/);
    await page.getByRole('heading', { name: 'You have logged out' }).waitFor();
    expect(await storedSession(page)).toEqual({ login: null, merchant: null });

    // The server revoked the token too, not just the browser.
    const after = await fetch(`${apiBase()}/merchant/list`, {
      headers: { Authorization: `Bearer ${loginToken}` },
    });
    expect(after.status).toBe(401);
    await context.close();
  });

  it('shows a clear message for a wrong password and keeps the entered email', async () => {
    const { page, context } = await openPage(browser, { language: 'en' });
    await page.goto('/user-login');
    await fillSignInPage(page, demo.owner, 'not-the-password');
    await page.locator('#form-error').waitFor();
    expect(page.url()).toMatch(/\/sso\/interaction\//);
    expect(await page.locator('input[name=email]').inputValue()).toBe(demo.owner);
    expect((await storedSession(page)).login).toBeNull();
    await context.close();
  });

  it('offers a retry when the sign-in service returns an error', async () => {
    const { page, context } = await openPage(browser, { language: 'en' });
    await page.goto('/user-login?error=access_denied');
    await page.getByRole('heading', { name: 'Sign-in was not completed' }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL(/\/sso\/interaction\//);
    await context.close();
  });
});
