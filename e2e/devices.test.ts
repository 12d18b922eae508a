import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, openPage, phone, saveScreenshot } from './support/browser';
import { callApi, deviceByName, endTestMode, makeIdle, signInToSunny } from './support/devices';
import { demo } from './support/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('the device list', () => {
  it('shows the fleet and keeps combined filters in the address across a reload', async () => {
    const { page, context } = await openPage(browser, { viewport: desktop, language: 'en' });
    await signInToSunny(page, demo.owner);
    await page.goto('/device');
    await page.locator('.device-row', { hasText: 'Washer 1' }).waitFor();
    expect(await page.locator('.device-row').count()).toBeGreaterThanOrEqual(12);
    await saveScreenshot(page, 'devices-list-en-desktop');

    await page.getByLabel('Machine type').click();
    await page.locator('.ant-select-item-option', { hasText: /^Washer$/ }).click();
    await page.waitForURL(/machineType=1/);
    await page.getByLabel('Place').click();
    await page.locator('.ant-select-item-option', { hasText: 'Sunny Laundry Xinyi' }).click();
    await page.waitForURL(/placeId=\d+/);
    // The previous page stays on screen until the filtered one arrives.
    await expect
      .poll(async () =>
        (await page.locator('.device-row').allTextContents()).every(
          (row) => row.includes('Xinyi') && row.includes('Washer'),
        ),
      )
      .toBe(true);
    const filtered = await page.locator('.device-row').allTextContents();
    const deviceIds = () =>
      page.locator('.device-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-device-id')));
    const filteredIds = await deviceIds();
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((row) => row.includes('Washer'))).toBe(true);

    await page.reload();
    await page.locator('.device-row').first().waitFor();
    expect(page.url()).toMatch(/machineType=1/);
    expect(page.url()).toMatch(/placeId=\d+/);
    // The same machines after the reload, in the same order (the demo fleet keeps running, so what
    // each row says of its machine may have changed meanwhile).
    expect(await deviceIds()).toEqual(filteredIds);

    await page.getByLabel('Status').click();
    await page.locator('.ant-select-item-option', { hasText: 'Drum cleaning' }).click();
    await page.waitForURL(/status=drumCleaning/);
    await expect
      .poll(async () => {
        const rows = await page.locator('.device-row').allTextContents();
        const empty = await page.getByText('No device matches these filters.').count();
        return empty === 1 || (rows.length > 0 && rows.every((row) => row.includes('Drum cleaning')));
      })
      .toBe(true);
    await saveScreenshot(page, 'devices-list-filtered-en-desktop');
    await context.close();
  });

  it('shows a simulated washer change stage live, without a reload', async () => {
    const { page, context } = await openPage(browser, { viewport: desktop, language: 'en' });
    await signInToSunny(page, demo.owner);
    const washer = await deviceByName(page, 'Washer 1');
    await makeIdle(page, washer.id);
    await page.goto('/device?machineType=1');
    const row = page.locator(`.device-row[data-device-id="${washer.id}"]`);
    await row.waitFor();
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await callApi(page, 'POST', `device-cloud/${washer.id}/remote`, {
      action: 'startCycle',
      params: { course: 'quick' },
    });
    await row.getByText('Quick · Main wash').waitFor();
    await row.getByText('Operating').waitFor();
    await callApi(page, 'POST', `device-cloud/${washer.id}/remote`, { action: 'skipStage', params: {} });
    await row.getByText('Quick · Rinse 1').waitFor();
    await saveScreenshot(page, 'devices-list-live-en-desktop');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    await callApi(page, 'POST', `device-cloud/${washer.id}/remote`, { action: 'terminateCycle', params: {} });
    await endTestMode(page, washer.id);
    await context.close();
  });

  it.each(['en', 'zh-TW', 'th', 'vi', 'ms'])('fits a phone in %s', async (language) => {
    const { page, context } = await openPage(browser, { viewport: phone, language });
    await signInToSunny(page, demo.owner);
    await page.goto('/device');
    await page.locator('.device-card').first().waitFor();
    // Polled: antd's responsive columns settle a moment after the first paint.
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, `devices-list-${language}-phone`);
    await page.locator('.device-card-name', { hasText: 'Coin changer' }).click();
    await page.waitForURL(/\/device\/info\?id=\d+/);
    await page.getByTestId('coin-dispenser').waitFor();
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, `device-info-${language}-phone`);
    await context.close();
  });

  it('names the controller settings in words with units and money, the raw key on hover (desktop en, phone ja)', async () => {
    const { page, context } = await openPage(browser, { viewport: desktop, language: 'en' });
    await signInToSunny(page, demo.owner);
    const washer = await deviceByName(page, 'Washer 1');
    await page.goto(`/device/info?id=${washer.id}`);
    const settings = page.getByTestId('ab-config');
    const credit = settings.locator('dt[title="coin.maxCredit"]');
    await credit.waitFor();
    expect(await credit.innerText()).toBe('Most credit accepted');
    // The controller holds minor units (50000); the screen shows the merchant's money.
    expect(await settings.getByRole('spinbutton', { name: 'Value of Most credit accepted' }).inputValue()).toBe(
      '500.00',
    );
    expect(
      await settings.locator('.ab-setting', { has: page.locator('dt[title="coin.maxCredit"]') }).innerText(),
    ).toContain('NT$');
    expect(await settings.locator('dt[title="door.lockDelaySeconds"]').innerText()).toBe('Door lock delay');
    // Every setting the demo's controller has is named; a key shows raw only when someone added it by
    // hand (the remote-control journey adds maxSpin to this washer when it runs first on this product).
    const rawKeys = await settings.locator('dt.ab-setting-raw').allInnerTexts();
    expect(rawKeys.filter((key) => key.trim() !== 'maxSpin')).toEqual([]);
    await settings.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'device-controller-settings-en-desktop');
    await context.close();

    const japanese = await openPage(browser, { viewport: phone, language: 'ja' });
    await signInToSunny(japanese.page, demo.owner);
    await japanese.page.goto(`/device/info?id=${washer.id}`);
    const childLock = japanese.page.getByTestId('ab-config').locator('dt[title="childLock"]');
    await childLock.waitFor();
    expect(await childLock.innerText()).toBe('チャイルドロック');
    expect(
      await japanese.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await childLock.scrollIntoViewIfNeeded();
    await saveScreenshot(japanese.page, 'device-controller-settings-ja-phone');
    await japanese.context.close();
  });
});
