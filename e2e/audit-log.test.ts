import type { MerchantInfo } from '@sbo/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, phone, saveScreenshot, screenSettled } from './support/browser';
import { callApi, signInToSunny } from './support/devices';
import { demo } from './support/sign-in';

let browser: Browser;
let owner: Page;
let merchantBefore: MerchantInfo;
beforeAll(async () => {
  browser = await launchBrowser();
  owner = (await openPage(browser, { language: 'en' })).page;
  await signInToSunny(owner, demo.owner);
  merchantBefore = await callApi<MerchantInfo>(owner, 'GET', 'merchant/info');
});

// The merchant's details go back to what the demo seeded, whatever the journey reached.
afterAll(async () => {
  const { companyName, taxIDNumber, adminAddress, adminUsername, adminEmail, adminPhone } = merchantBefore;
  await callApi(owner, 'PUT', 'merchant/info', {
    companyName,
    taxIDNumber,
    adminAddress,
    adminUsername,
    adminEmail,
    adminPhone,
  });
  await browser.close();
});

describe('the audit log', () => {
  it('shows a merchant change the owner just made, newest first, with the values before and after', async () => {
    await owner.goto('/user/merchant/edit');
    await owner.getByLabel('Administrator phone').fill('+886 2 2700 1234');
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.getByText('Merchant info change succeeded').waitFor();

    // The link sits in the settings group of the side menu.
    await owner.getByRole('menuitem', { name: 'Settings' }).click();
    await owner.getByRole('menuitem', { name: 'Audit log' }).click();
    await owner.waitForURL(/\/user\/audit$/);
    // The demo fleet's card charges are audited too and may land after the change (a slow machine makes
    // that likely): the newest merchant change is the one just made.
    const newest = owner.getByTestId('audit-entry').filter({ hasText: 'Merchant details changed' }).first();
    await newest.waitFor();
    const row = newest.getByRole('row', { name: /Administrator phone/ });
    expect(await row.locator('.audit-before').textContent()).toBe(merchantBefore.adminPhone);
    expect(await row.locator('.audit-after').textContent()).toBe('+886 2 2700 1234');
    expect(await newest.textContent()).toContain('Demo Owner');
    await screenSettled(owner);
    await saveScreenshot(owner, 'audit-log-en-desktop');

    // Narrowed to the merchant's own details, in the address, across a reload.
    await owner.getByRole('combobox', { name: 'Show' }).click();
    await owner.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^Merchant$/ }).click();
    await owner.waitForURL(/\/user\/audit\?entity=merchant$/);
    await owner.reload();
    await owner.getByTestId('audit-entry').first().getByText('Merchant details changed').waitFor();
    const kinds = await owner.locator('.audit-entity').allTextContents();
    expect(kinds.length).toBeGreaterThan(0);
    expect(kinds.every((kind) => kind.startsWith('Merchant'))).toBe(true);
  });

  it('is not offered to a manager, and the screen says so when opened directly', async () => {
    const { page, context } = await openPage(browser, { language: 'en' });
    await signInToSunny(page, demo.manager);
    await page.goto('/user/profile');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Audit log' }).count()).toBe(0);
    await page.goto('/user/audit');
    const noAccess = page.getByTestId('no-access');
    await noAccess.getByRole('heading', { level: 1, name: 'You do not have access to Audit log' }).waitFor();
    await saveScreenshot(page, 'audit-log-denied-en-desktop');
    await context.close();
  });

  it('stacks each change on a phone, in Thai', async () => {
    const { page, context } = await openPage(browser, { viewport: phone, language: 'th' });
    await signInToSunny(page, demo.owner);
    await page.goto('/user/audit');
    await page.getByTestId('audit-entry').first().waitFor();
    await screenSettled(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'audit-log-th-phone');
    await context.close();
  });
});
