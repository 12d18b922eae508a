import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, phone, saveScreenshot } from './support/browser';
import { demo, pickMerchant, restoreSession } from './support/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('the cash-box trip assistant', () => {
  it('runs a trip over a place of the demo fleet from start to settlement', async () => {
    const { page, context } = await openPage(browser, { language: 'en' });
    await restoreSession(page, demo.owner);
    await pickMerchant(page, 'Sunny Laundry Co.');
    await page.goto('/cashbox');
    await page.getByText('No trip in progress.').waitFor();
    await saveScreenshot(page, 'cashbox-trips-empty-en');

    // Start over the first place: every machine there joins the trip.
    await page.getByTestId('start-trip').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('trip-scope-select').click();
    await page.locator('.ant-select-item-option').first().click();
    await dialog.getByLabel('Note').fill('Morning round');
    await saveScreenshot(page, 'cashbox-start-en');
    // An open trip listens to the machines' live stream.
    const liveStream = page.waitForRequest(/\/api\/v1\/device\/events\?token=/);
    await dialog.getByRole('button', { name: 'Start' }).click();
    await page.waitForURL(/\/cashbox\?trip=\d+$/);
    await liveStream;
    const machines = page.getByTestId('trip-machine');
    await machines.first().waitFor();
    const count = await machines.count();
    expect(count).toBeGreaterThan(0);

    // A letter is refused in the amount; then two machines are collected, one short by 10.50.
    const first = machines.nth(0);
    await first.getByTestId('collected-input').fill('12a');
    await first.getByRole('button', { name: 'Save' }).click();
    await first.getByRole('alert').waitFor();
    await first.getByTestId('collected-input').fill('0');
    await first.getByTestId('collected-input').press('Enter');
    await first.getByTestId('difference').waitFor();
    if (count > 1) {
      const second = machines.nth(1);
      await second.getByTestId('collected-input').fill('10.50');
      await second.getByRole('button', { name: 'Save' }).click();
      await second.getByTestId('difference').waitFor();
    }
    await saveScreenshot(page, 'cashbox-trip-open-en');

    // Settle, confirmed: each collected machine shows how its cash-box reset went.
    await page.getByTestId('settle-trip').click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('trip-status').filter({ hasText: 'Settled' }).waitFor({ timeout: 120_000 });
    await page.getByTestId('reset-result').first().waitFor();
    expect(await page.getByTestId('reset-result').count()).toBe(Math.min(count, 2));
    await saveScreenshot(page, 'cashbox-trip-settled-en');

    // Back at the list, the trip is among the past ones with its difference.
    await page.getByRole('button', { name: 'All trips' }).click();
    const past = page.getByTestId('trips-settled').locator('tbody tr.ant-table-row');
    await past.first().waitFor();
    expect(await past.count()).toBe(1);
    await saveScreenshot(page, 'cashbox-trips-en');
    await context.close();
  });

  it('drops an open trip after confirmation, and fits a phone', async () => {
    const { page, context } = await openPage(browser, { viewport: phone, language: 'zh-TW' });
    await restoreSession(page, demo.owner);
    await pickMerchant(page, 'Sunny Laundry Co.');
    await page.goto('/cashbox');
    await page.getByTestId('start-trip').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('依機台').click();
    await dialog.getByTestId('trip-scope-select').click();
    await page.locator('.ant-select-item-option').first().click();
    await page.locator('.ant-select-item-option').nth(1).click();
    // The multiple choice keeps its list open; a click on the title closes it.
    await dialog.locator('.ant-modal-title').click();
    await dialog.getByRole('button', { name: /開\s?始/ }).click();
    await page.waitForURL(/\/cashbox\?trip=\d+$/);
    await page.getByTestId('trip-machine').first().waitFor();
    expect(await page.getByTestId('trip-machine').count()).toBe(2);
    await page.getByTestId('current-amount').first().waitFor();
    await saveScreenshot(page, 'cashbox-trip-zh-TW-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: '取消行程' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /確\s?定|OK/ })
      .click();
    await page.waitForURL(/\/cashbox$/);
    await page.getByText('目前沒有進行中的行程。').waitFor();
    await saveScreenshot(page, 'cashbox-trips-zh-TW-phone');
    await context.close();
  });
});
