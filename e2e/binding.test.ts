import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, openPage, phone, saveScreenshot } from './support/browser';
import { chooseOption, confirmDialog, messageDialog } from './support/forms';
import { demo, fillSignInPage, pickMerchant, restoreSession } from './support/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const hwid = `E2E-AB3-${Date.now().toString(36).toUpperCase()}`;
// No other demo name contains it: the device journeys look for "Washer 1".
const deviceName = `Bound ${hwid.slice(-4)}`;
let bindingLink: URL;

describe('hardware binding', () => {
  it('lets a service agent register hardware and create a cloud device', async () => {
    const { page, context } = await openPage(browser, { viewport: desktop, language: 'en' });
    await restoreSession(page, 'root@example.com');
    await pickMerchant(page, 'Sunny Laundry Co.');
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Service tools', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('Hardware ID is required').waitFor();
    await page.getByRole('textbox', { name: 'Hardware ID' }).fill(hwid);
    const registerCard = page.locator('.ant-card').filter({ hasText: 'Register hardware' });
    await chooseOption(page, 'Controller model', /^AB3$/, registerCard);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    const secretDialog = messageDialog(page);
    await secretDialog.locator('.ant-modal-confirm-title', { hasText: 'Hardware registered' }).waitFor();
    expect((await secretDialog.getByTestId('device-secret').textContent())?.length).toBeGreaterThan(16);
    // The claim code and the binding link of its QR code, shown this once too.
    expect(await secretDialog.getByTestId('claim-code').textContent()).toMatch(/^[A-Z2-9]{12}$/);
    bindingLink = new URL((await secretDialog.getByTestId('binding-link').textContent()) ?? '');
    expect(bindingLink.pathname).toBe(`/device/binding/${hwid}`);
    await saveScreenshot(page, 'admin-secret-en-desktop');
    await confirmDialog(page);

    await page.getByLabel('Device name').fill(deviceName);
    await page.getByLabel('Serial number').fill(`SN-${hwid}`);
    await page.getByRole('button', { name: 'Create cloud device' }).click();
    await page.getByText(`Cloud device ${deviceName} created`).waitFor();

    // The new hardware is listed as unbound; its secret can be replaced.
    await page.locator('.ant-segmented-item', { hasText: 'Unbound' }).click();
    const row = page.locator('.ant-table-row').filter({ hasText: hwid });
    await row.getByText('Unbound').waitFor();
    await row.getByRole('button', { name: `Rotate the secret of ${hwid}` }).click();
    await confirmDialog(page);
    await messageDialog(page).locator('.ant-modal-confirm-title', { hasText: 'Secret replaced' }).waitFor();
    await confirmDialog(page);
    await saveScreenshot(page, 'admin-en-desktop');
    await context.close();
  });

  it('fits the service tools on a phone, in Simplified Chinese', async () => {
    const { page, context } = await openPage(browser, { viewport: phone, language: 'zh-CN' });
    await restoreSession(page, 'root@example.com');
    await pickMerchant(page, 'Sunny Laundry Co.');
    await page.goto('/admin');
    await page.getByRole('heading', { name: '服务工具', level: 1 }).waitFor();
    await saveScreenshot(page, 'admin-zh-CN-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('binds the hardware as the merchant, then blocks it as already bound', async () => {
    const { page, context } = await openPage(browser, { viewport: desktop, language: 'en' });
    await page.goto(`${bindingLink.pathname}${bindingLink.search}`);
    await fillSignInPage(page, demo.owner, demo.password);
    await page.waitForURL(new RegExp(`/device/binding/${hwid}`));
    await page.getByRole('heading', { name: 'Bind device', level: 1 }).waitFor();

    // No merchant picked yet: choose the one the device is for.
    await chooseOption(page, 'Merchant', 'Sunny Laundry Co.');
    await page.getByRole('button', { name: 'Continue with this merchant' }).click();
    await page.getByTestId('binding-merchant').getByText('Sunny Laundry Co.').waitFor();
    const device = page.getByRole('radio', { name: new RegExp(deviceName) });
    await device.check({ force: true });
    await saveScreenshot(page, 'binding-choose-en-desktop');
    await page.getByRole('button', { name: 'Bind device' }).click();
    await messageDialog(page).getByText(`Bind hardware ${hwid} to "${deviceName}"?`).waitFor();
    await confirmDialog(page);
    await page.getByRole('heading', { name: 'Device bound' }).waitFor();
    await saveScreenshot(page, 'binding-done-en-desktop');

    await page.reload();
    await page.getByRole('heading', { name: 'Already bound device' }).waitFor();
    await page.getByText(`This hardware already drives "${deviceName}"`).waitFor();
    expect(await page.getByRole('button', { name: 'Bind device' }).count()).toBe(0);
    await context.close();
  });

  it('shows the blocked page on a phone in Vietnamese', async () => {
    const { page, context } = await openPage(browser, { viewport: phone, language: 'vi' });
    await restoreSession(page, demo.owner);
    await pickMerchant(page, 'Sunny Laundry Co.');
    await page.goto(`/device/binding/${hwid}`);
    await page.getByRole('heading', { name: 'Thiết bị đã được liên kết' }).waitFor();
    await saveScreenshot(page, 'binding-already-bound-vi-phone');
    await page.goto('/device/binding/NO-SUCH-HARDWARE');
    await page.getByRole('heading', { name: 'Không thể liên kết phần cứng này' }).waitFor();
    await saveScreenshot(page, 'binding-unknown-vi-phone');
    await context.close();
  });
});
