import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBase, launchBrowser, openPage, saveScreenshot } from './support/browser';
import { demo, pickMerchant, signIn, storedSession } from './support/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('a session that dies mid-way', () => {
  it('answers an API 401 with a message, removes both tokens and returns to user-login', async () => {
    const { page, context } = await openPage(browser, { language: 'en' });
    await signIn(page, demo.owner);
    await pickMerchant(page, 'Sunny Laundry Co.');

    // Revoke the session behind the browser's back, as an expiry or an admin would.
    const { login } = await storedSession(page);
    const loginToken = (JSON.parse(login ?? '{}') as { value?: string }).value;
    const revoked = await fetch(`${apiBase()}/user/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${loginToken}` },
    });
    expect(revoked.status).toBe(200);

    // Switching merchant lists the merchants with the dead login token.
    await page.getByRole('button', { name: 'Switch merchant' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/^401 - /).waitFor();
    // Let the dialog's opening animation finish before the picture is taken.
    await page.waitForFunction(
      () => !document.querySelector('.ant-modal [class*="-enter"], .ant-modal[class*="-enter"]'),
    );
    await saveScreenshot(page, 'session-expired-en-desktop');
    await dialog.getByRole('button', { name: 'OK' }).click();

    await page.waitForURL(/\/sso\/interaction\//);
    expect(await storedSession(page)).toEqual({ login: null, merchant: null });
    await context.close();
  });
});
