import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, openPage, phone, saveScreenshot } from './support/browser';
import { callApi, deviceByName, endTestMode, makeIdle } from './support/devices';
import { chooseOption, confirmDialog, messageDialog } from './support/forms';
import { productLogLines } from './support/product-log';
import { demo, pickMerchant, restoreSession } from './support/sign-in';

/**
 * Headless Chromium cannot reach a real push service; the page's PushManager answers with a subscription of
 * its own (real P-256 keys, an FCM address), as the notifications journey does, so the product's part runs
 * for real: the VAPID key from the api, the subscription stored, and the push attempted once at the end.
 */
function standInPushService() {
  Object.defineProperty(Notification, 'permission', { get: () => 'granted' });
  Notification.requestPermission = async () => 'granted';
  let current: PushSubscription | null = null;
  const base64url = (bytes: ArrayBuffer) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  PushManager.prototype.getSubscription = async () => current;
  PushManager.prototype.subscribe = async () => {
    const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
      'deriveBits',
    ])) as CryptoKeyPair;
    const p256dh = base64url(await crypto.subtle.exportKey('raw', pair.publicKey));
    const auth = base64url(crypto.getRandomValues(new Uint8Array(16)).buffer);
    const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-place-${Date.now()}`;
    current = { endpoint, toJSON: () => ({ endpoint, keys: { p256dh, auth } }) } as unknown as PushSubscription;
    return current;
  };
}

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

  it("shows customers a place's machines live, counts a washer's minutes down and tells them when it is done", async () => {
    const { page, context } = await openPage(browser, { viewport: phone, language: 'en' });
    await context.grantPermissions(['notifications']);
    await context.addInitScript(standInPushService);
    await restoreSession(page, demo.owner);
    await pickMerchant(page, 'Sunny Laundry Co.');
    const washer = await deviceByName(page, 'Washer 1');
    const placeId = washer.place!.id;

    // The owner turns the page on in the place's settings: its link and QR code appear.
    await page.goto(`/user/place/edit?id=${placeId}`);
    const card = page.getByTestId('place-public-page');
    const toggle = card.getByRole('switch', { name: 'Public status page' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    const linkField = card.getByLabel('Status page link');
    await linkField.waitFor();
    const address = new URL(await linkField.inputValue());
    expect(address.pathname).toMatch(/^\/p\/[a-z0-9]{20}$/);
    await card.getByRole('img', { name: /^QR code of the status page of / }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'place-public-page-switch-en-phone');
    // Its QR code prints with the place's sticker sheet, first.
    await card.getByRole('button', { name: 'Print with the stickers' }).click();
    const statusSticker = page.getByTestId('qr-sticker-status');
    await statusSticker.getByText('See which machines are free').waitFor();
    expect(await statusSticker.getByRole('img').getAttribute('data-qr-text')).toBe(address.href);

    // A washer runs (the demo's simulator), with no demo customer in the way.
    await makeIdle(page, washer.id);
    await callApi(page, 'POST', `device-cloud/${washer.id}/remote`, { action: 'startCycle', params: {} });

    await page.goto(address.pathname);
    const machine = page.locator(`[data-machine="${washer.id}"]`);
    await page.locator(`[data-machine="${washer.id}"][data-state="inUse"]`).waitFor();
    await page.getByText('Live', { exact: true }).waitFor();
    const left = machine.locator('[data-left]');
    expect(await left.textContent()).toMatch(/^\d+ min left$/);
    const before = Number(await left.getAttribute('data-seconds'));
    await page.waitForFunction(
      ([selector, start]) =>
        Number(document.querySelector(selector as string)?.getAttribute('data-seconds')) < (start as number),
      [`[data-machine="${washer.id}"] [data-left]`, before] as const,
    );
    // The page shows no money and no hardware id.
    const pageText = (await page.locator('main').textContent()) ?? '';
    expect(pageText).not.toContain(washer.hwid ?? '-');
    expect(pageText).not.toMatch(/NT\$|\$\s?\d/);
    await saveScreenshot(page, 'place-page-en-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // In the customer's language.
    for (const [language, inUse] of [
      ['zh-TW', '使用中'],
      ['th', 'กำลังใช้งาน'],
    ] as const) {
      await page.getByLabel(/^(Language|語言|ภาษา)$/).selectOption(language);
      await machine.getByText(inUse).waitFor();
      await saveScreenshot(page, `place-page-${language}-phone`);
    }
    await page.getByLabel('ภาษา').selectOption('en');

    // Told when it is done: the subscription is taken, and pushed once when the cycle ends.
    await machine.getByRole('button', { name: "Tell me when it's done" }).click();
    await machine.getByText("We'll tell you when it's done").waitFor();
    const alertsBefore = productLogLines().filter((line) => line.msg === 'done alert').length;
    await callApi(page, 'POST', `device-cloud/${washer.id}/remote`, { action: 'terminateCycle', params: {} });
    await page.locator(`[data-machine="${washer.id}"]:not([data-state="inUse"])`).waitFor();
    await expect
      .poll(
        () =>
          productLogLines()
            .filter((line) => line.msg === 'done alert')
            .slice(alertsBefore),
        { timeout: 30_000 },
      )
      .toEqual([expect.objectContaining({ pushService: 'fcm.googleapis.com' })]);

    await page.setViewportSize(desktop);
    await saveScreenshot(page, 'place-page-en-desktop');

    // Turned off: the address shows "not available", never the machines.
    await callApi(page, 'PUT', `place/${placeId}/public-page`, { enabled: false });
    const off = await page.goto(address.pathname);
    expect(off?.status()).toBe(404);
    await page.getByRole('heading', { name: 'This page is not available' }).waitFor();
    expect(await page.locator('[data-machine]').count()).toBe(0);
    // The switch, off again, on a desktop in Chinese (the language picked on the page is the browser's choice).
    await page.evaluate(() => localStorage.setItem('lang', 'zh-TW'));
    await page.goto(`/user/place/edit?id=${placeId}`);
    const switchOff = page.getByTestId('place-public-page').getByRole('switch', { name: '公開狀態頁' });
    await switchOff.waitFor();
    expect(await switchOff.getAttribute('aria-checked')).toBe('false');
    await page.getByTestId('place-public-page').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'place-public-page-switch-zh-TW-desktop');
    await endTestMode(page, washer.id);
    await context.close();
  });
});
