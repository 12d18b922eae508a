import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, openPage, phone, saveScreenshot } from './support/browser';
import { chooseOption, confirmDialog, messageDialog } from './support/forms';
import { demo, pickMerchant, restoreSession } from './support/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('places', () => {
  it('creates, edits and deletes a place, and refuses to delete one with devices', async () => {
    const { page, context } = await openPage(browser, { viewport: desktop, language: 'en' });
    await restoreSession(page, demo.owner);
    await pickMerchant(page, 'Sunny Laundry Co.');
    await page.goto('/user/place');
    await page.getByRole('heading', { name: 'Places', level: 1 }).waitFor();
    await page.locator('.ant-table-row').first().waitFor();
    await saveScreenshot(page, 'places-list-en-desktop');

    // A place that still has devices cannot be deleted (1105002).
    const withDevices = page
      .locator('.ant-table-row')
      .filter({ hasNot: page.locator('td:last-child', { hasText: /^0$/ }) });
    await withDevices.first().getByRole('link').click();
    await page.waitForURL(/\/user\/place\/detail\?id=\d+/);
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page);
    await messageDialog(page)
      .getByText(/^1105002 - Delete failed: devices remain at this place\./)
      .waitFor();
    await saveScreenshot(page, 'places-delete-refused-en-desktop');
    await confirmDialog(page);

    // Create: empty required fields are refused on the form itself.
    await page.goto('/user/place/create');
    await page.getByRole('button', { name: 'Add place' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Address is required').waitFor();
    await page.getByLabel('Name').fill('Riverside Wash & Fold');
    await page.getByLabel('Address').fill('12 River Road, Taipei');
    await chooseOption(page, 'Type', 'Water station');
    await page.getByLabel('Service phone').fill('+886 2 1234 5678');
    await page.getByLabel('Description').fill('Open late, parking behind the shop.');
    await page.getByText('Not set: open 24 hours a day').waitFor();
    await page.getByRole('switch', { name: 'Set business hours' }).click();
    await page.getByLabel('Sunday period 1 opens').fill('18:00');
    await page.getByLabel('Sunday period 1 closes').fill('10:00');
    await page.getByRole('button', { name: 'Add place' }).click();
    await page.getByText('Closing time must be after opening time').waitFor();
    await saveScreenshot(page, 'places-form-errors-en-desktop');
    await page.getByRole('button', { name: 'Remove period' }).last().click();
    await page.getByRole('button', { name: 'Add place' }).click();

    await page.waitForURL(/\/user\/place\/detail\?id=\d+/);
    await page.getByRole('heading', { name: 'Riverside Wash & Fold', level: 1 }).waitFor();
    await page.getByText('Water station').waitFor();
    await page.getByText('Sunday').locator('xpath=..').getByText('Closed').waitFor();
    await saveScreenshot(page, 'places-detail-en-desktop');

    // Edit.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.waitForURL(/\/user\/place\/edit\?id=\d+/);
    await page.getByLabel('Name').fill('Riverside Laundry');
    await page.getByRole('switch', { name: 'Set business hours' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Riverside Laundry', level: 1 }).waitFor();
    await page.getByText('Not set: open 24 hours a day').waitFor();

    // Delete, confirmed.
    await page.getByRole('button', { name: 'Delete' }).click();
    await messageDialog(page).getByText('Delete "Riverside Laundry"? This cannot be undone.').waitFor();
    await confirmDialog(page);
    await page.waitForURL(/\/user\/place$/);
    await page.locator('.ant-table-row').first().waitFor();
    expect(await page.getByText('Riverside Laundry').count()).toBe(0);
    await context.close();
  });

  it('fits a phone, in Thai', async () => {
    const { page, context } = await openPage(browser, { viewport: phone, language: 'th' });
    await restoreSession(page, demo.owner);
    await pickMerchant(page, 'Sunny Laundry Co.');
    await page.goto('/user/place');
    await page.locator('.place-cards .ant-card-head').first().waitFor();
    await saveScreenshot(page, 'places-list-th-phone');
    await page.goto('/user/place/create');
    await page.getByRole('switch').click();
    await saveScreenshot(page, 'places-form-th-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
