import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, openPage, phone, saveScreenshot } from './support/browser';
import { chooseOption, confirmDialog, messageDialog } from './support/forms';
import { demo, pickMerchant, restoreSession } from './support/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** A number field by its label (antd puts "* " before required ones). */
const amount = (page: Page, label: string) => page.getByRole('spinbutton', { name: new RegExp(`^(\\* )?${label}`) });
/** The inline message under a field, found by the field's label. */
const fieldMessage = (page: Page, label: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.ant-form-item-explain');

describe('product templates', () => {
  it('shows each form message of the spec, then saves a valid template', async () => {
    const { page, context } = await openPage(browser, { viewport: desktop, language: 'en' });
    await restoreSession(page, demo.owner);
    await pickMerchant(page, 'Sunny Laundry Co.');
    await page.goto('/product');
    await page.getByRole('link', { name: 'Basic wash' }).waitFor();
    await saveScreenshot(page, 'products-list-en-desktop');

    await page.getByRole('button', { name: 'New template' }).click();
    await page.waitForURL(/\/product\/info\/new$/);
    // The form's own submit button, not the header's "New template" that leads here.
    const submit = () => page.locator('form.product-form').getByRole('button', { name: 'New template' }).click();
    // required: nothing filled in.
    await submit();
    await fieldMessage(page, 'Name').getByText('Name is required').waitFor();
    await fieldMessage(page, 'Price').getByText('Price is required').waitFor();
    await fieldMessage(page, 'Minutes per price').getByText('Minutes per price is required').waitFor();

    await page.getByRole('textbox', { name: /Name/ }).first().fill('Express wash');
    await amount(page, 'Price').fill('0'); // cannot be zero
    await amount(page, 'Minutes per price').fill('-3'); // positive integers only
    await amount(page, 'Coin pulse value').fill('10');
    await amount(page, 'Drying price').fill('15'); // not a multiple of the pulse (10)
    await page.getByRole('button', { name: 'Add course' }).click();
    await page.getByRole('button', { name: 'Add course' }).click();
    const codes = page.getByRole('textbox', { name: 'Course code' });
    await codes.nth(0).fill('quick');
    await codes.nth(1).fill('standard');
    await amount(page, 'Course price').nth(0).fill('40');
    await amount(page, 'Course price').nth(1).fill('40'); // duplicate amount
    await submit();

    await fieldMessage(page, 'Price').getByText('Cannot be zero').waitFor();
    await fieldMessage(page, 'Minutes per price').getByText('Positive integers only').waitFor();
    await fieldMessage(page, 'Drying price')
      .getByText(/^Enter a multiple of .*10/)
      .waitFor();
    await page.getByText('Duplicate amount').waitFor();
    await saveScreenshot(page, 'products-form-errors-en-desktop');

    await amount(page, 'Price').fill('40');
    await amount(page, 'Minutes per price').fill('25');
    await amount(page, 'Drying price').fill('20');
    await amount(page, 'Course price').nth(1).fill('60');
    await chooseOption(page, 'Default drying temperature', 'Medium');
    await submit();
    await page.waitForURL(/\/product\/info\/\d+$/);
    await page.getByRole('heading', { name: 'Express wash', level: 1 }).waitFor();
    expect(await page.locator('.ant-form-item-explain-error').count()).toBe(0);

    // Delete it again, confirmed.
    await page.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page);
    await page.waitForURL(/\/product$/);
    await page.getByRole('link', { name: 'Basic wash' }).waitFor();
    expect(await page.getByRole('link', { name: 'Express wash' }).count()).toBe(0);
    await context.close();
  });

  it('asks for newer firmware when machines using the template cannot run a change, and refuses to delete it', async () => {
    const { page, context } = await openPage(browser, { viewport: desktop, language: 'en' });
    await restoreSession(page, demo.owner);
    await pickMerchant(page, 'Sunny Laundry Co.');
    await page.goto('/product');
    await page.getByRole('link', { name: 'Basic wash' }).click();
    await page.getByRole('heading', { name: 'Basic wash', level: 1 }).waitFor();
    // Washers 2 and 3 (firmware 2.8.4 and 1.6.2) use it; additives need 3.0.0.
    await page.getByRole('button', { name: 'Add additive' }).click();
    await amount(page, 'Additive price').fill('10');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Device version must be 3.0.0 or higher').waitFor();
    await saveScreenshot(page, 'products-device-version-en-desktop');

    await page.getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page);
    await messageDialog(page)
      .getByText(/^1107002 - /)
      .waitFor();
    await confirmDialog(page);
    await context.close();
  });

  it('fits a phone, in Traditional Chinese', async () => {
    const { page, context } = await openPage(browser, { viewport: phone, language: 'zh-TW' });
    await restoreSession(page, demo.owner);
    await pickMerchant(page, 'Sunny Laundry Co.');
    await page.goto('/product');
    await page.getByRole('link', { name: 'Basic wash' }).waitFor();
    await saveScreenshot(page, 'products-list-zh-TW-phone');
    await page.getByRole('link', { name: 'Wash with additives' }).click();
    await page.getByRole('heading', { name: 'Wash with additives', level: 1 }).waitFor();
    await saveScreenshot(page, 'products-form-zh-TW-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
