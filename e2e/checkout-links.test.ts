import type { DeviceListItem, PlaceQrStickers } from '@sbo/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, desktop, launchBrowser, openPage, phone, saveScreenshot } from './support/browser';
import { callApi, deviceByName, signInToSunny } from './support/devices';
import { demo } from './support/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const checkoutOf = (hwid: string) => `${baseUrl()}/custom/checkout?hwid=${hwid}`;

async function machinesAt(page: Page, placeId: number): Promise<PlaceQrStickers['items']> {
  return (await callApi<PlaceQrStickers>(page, 'GET', `place/${placeId}/qr-stickers`)).items;
}

describe("a machine's checkout link and QR code", () => {
  it('shows the link to copy and the code to download on the device info, and waits for a binding', async () => {
    const { page, context } = await openPage(browser, { viewport: desktop, language: 'en' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInToSunny(page, demo.owner);
    const washer = await deviceByName(page, 'Washer 1');
    expect(washer.hwid).not.toBeNull();
    const link = checkoutOf(washer.hwid ?? '');

    await page.goto(`/device/info?id=${washer.id}`);
    const card = page.getByTestId('device-checkout');
    await card.getByText('Consumers scan this code at the machine to pay on their phone.', { exact: false }).waitFor();
    expect(await card.getByLabel('Checkout link').inputValue()).toBe(link);
    const qr = card.getByRole('img', { name: 'Checkout QR code of Washer 1' });
    expect(await qr.getAttribute('data-qr-text')).toBe(link);
    await card.locator('figcaption', { hasText: 'Washer 1' }).waitFor();

    await card.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download PNG' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Washer-1-qr.png');
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'checkout-link-device-en-desktop');

    const unbound = (
      await callApi<{ items: DeviceListItem[] }>(page, 'GET', 'device-cloud/list?pageSize=100')
    ).items.find((device) => device.hwid === null);
    expect(unbound, 'the demo data has a machine without hardware').toBeDefined();
    await page.goto(`/device/info?id=${unbound?.id}`);
    await card.getByText('This machine has no hardware bound yet.', { exact: false }).waitFor();
    expect(await card.getByRole('img').count()).toBe(0);
    await context.close();
  });

  it('fits a phone', async () => {
    const { page, context } = await openPage(browser, { viewport: phone, language: 'en' });
    await signInToSunny(page, demo.owner);
    const washer = await deviceByName(page, 'Washer 1');
    await page.goto(`/device/info?id=${washer.id}`);
    const card = page.getByTestId('device-checkout');
    await card.getByRole('img', { name: 'Checkout QR code of Washer 1' }).waitFor();
    await card.scrollIntoViewIfNeeded();
    const box = await card.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(phone.width);
    await saveScreenshot(page, 'checkout-link-device-en-phone');
    await context.close();
  });
});

describe("a place's sheet of QR stickers", () => {
  it('prints a sticker per machine that can take a payment and lists the others apart with the reason', async () => {
    const { page, context } = await openPage(browser, { viewport: desktop, language: 'en' });
    await signInToSunny(page, demo.owner);
    const unbound = (
      await callApi<{ items: DeviceListItem[] }>(page, 'GET', 'device-cloud/list?pageSize=100')
    ).items.find((device) => device.hwid === null && device.place !== null);
    const place = unbound?.place;
    if (!place) throw new Error('the demo data has a place with a machine without hardware');
    const machines = await machinesAt(page, place.id);
    const bound = machines.filter((machine) => machine.canTakePayment);
    expect(bound.length).toBeGreaterThan(0);
    expect(machines.find((machine) => machine.id === unbound.id)?.reason).toBe('noController');

    await page.goto(`/user/place/detail?id=${place.id}`);
    await page.getByRole('button', { name: 'Print QR stickers' }).click();
    await page.waitForURL(`**/user/place/qr-stickers?id=${place.id}`);
    await page.getByRole('heading', { name: `QR stickers: ${place.title}`, level: 1 }).waitFor();
    const stickers = page.getByTestId('qr-sticker');
    await stickers.first().locator('svg').waitFor();
    expect(await stickers.count()).toBe(bound.length);
    for (const machine of bound) {
      const sticker = stickers.filter({ has: page.locator('figcaption', { hasText: machine.name }) });
      expect(await sticker.locator('svg').getAttribute('data-qr-text')).toBe(checkoutOf(machine.hwid ?? ''));
      await sticker.getByText('Scan to pay').waitFor();
      await sticker.getByText(place.title).waitFor();
    }
    const listed = page.getByTestId('qr-no-sticker').locator('li', { hasText: unbound.name });
    await listed.getByText('No hardware bound yet').waitFor();
    await saveScreenshot(page, 'qr-stickers-en-desktop');

    await page.evaluate(() => {
      Object.assign(window, { printed: 0, print: () => Object.assign(window, { printed: 1 }) });
    });
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    expect(await page.evaluate(() => Reflect.get(window, 'printed'))).toBe(1);

    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.manager-sider').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print', exact: true }).isVisible()).toBe(false);
    expect(await page.getByTestId('qr-no-sticker').isVisible()).toBe(false);
    expect(await stickers.first().isVisible()).toBe(true);
    await saveScreenshot(page, 'qr-stickers-en-print');
    await context.close();
  });

  it("speaks the merchant's language", async () => {
    const { page, context } = await openPage(browser, { viewport: desktop, language: 'zh-TW' });
    await signInToSunny(page, demo.owner);
    const washer = await deviceByName(page, 'Washer 1');
    await page.goto(`/user/place/qr-stickers?id=${washer.place?.id}`);
    await page.getByTestId('qr-sticker').first().getByText('掃碼付款').waitFor();
    await page.getByRole('button', { name: '列印' }).waitFor();
    await saveScreenshot(page, 'qr-stickers-zh-TW-desktop');
    await context.close();
  });
});
