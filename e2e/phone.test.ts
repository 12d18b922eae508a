import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, phone, saveScreenshot } from './support/browser';
import { demo, pickMerchant, restoreSession } from './support/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('the phone layout at 390x844', () => {
  it('puts the navigation in a drawer that closes after choosing', async () => {
    const { page, context } = await openPage(browser, { viewport: phone, language: 'en' });
    await restoreSession(page, demo.owner);
    await saveScreenshot(page, 'merchant-pick-en-phone');
    await pickMerchant(page, 'Sunny Laundry Co.');

    // No side bar: the menu button opens the drawer.
    expect(await page.locator('.manager-sider').count()).toBe(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Devices', { exact: true }).waitFor();
    await saveScreenshot(page, 'shell-en-phone-drawer');
    await drawer.getByText('Devices', { exact: true }).click();
    await page.waitForURL(/\/device$/);
    await drawer.waitFor({ state: 'hidden' });

    // The page never scrolls sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it.each(['zh-TW', 'en', 'th'])('shows the shell in %s', async (language) => {
    const { page, context } = await openPage(browser, { viewport: phone, language });
    await restoreSession(page, demo.owner);
    await pickMerchant(page, 'Sunny Laundry Co.');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await saveScreenshot(page, `shell-${language}-phone`);
    await context.close();
  });
});
