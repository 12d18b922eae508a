import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, openPage, phone, saveScreenshot } from './support/browser';
import { callApi, clearFault, deviceByName, endTestMode, makeIdle, signInToSunny } from './support/devices';
import { demo } from './support/sign-in';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await openPage(browser, { viewport: desktop, language: 'en' }));
  await signInToSunny(page, demo.owner);
});
afterAll(() => browser.close());

async function openDevice(name: string) {
  const device = await deviceByName(page, name);
  await page.goto(`/device/info?id=${device.id}`);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  return device;
}

describe('device info and remote control', () => {
  it('starts a cycle remotely, waits for the machine, and shows it running', async () => {
    const washer = await deviceByName(page, 'Washer 2');
    await makeIdle(page, washer.id);
    await openDevice('Washer 2');
    await page.getByTestId('device-live').getByText('Idle').waitFor();

    // Hold the command until its pending state has been seen (and pictured), however busy the machine.
    // Matched by its path: the address carries a query (tz, timestamp), which a glob ending in
    // `/remote` never matched, so nothing was held and a quick answer could close the dialog unseen.
    let release = () => {};
    let held = 0;
    const released = new Promise<void>((resolve) => (release = resolve));
    const remoteCall = (url: URL) => /^\/api\/v1\/device-cloud\/\d+\/remote$/.test(url.pathname);
    await page.route(remoteCall, async (route) => {
      if (route.request().method() === 'POST') {
        held += 1;
        await released;
      }
      await route.continue();
    });
    await page.getByTestId('remote-control').getByRole('button', { name: 'Start cycle' }).click();
    const dialog = page.getByTestId('remote-dialog');
    await dialog.getByText('Send "Start cycle" to Washer 2?').waitFor();
    // The courses are those of the machine's template, named and priced as its customers see them.
    await dialog.getByRole('combobox').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Heavy · NT$80.00' })
      .waitFor();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Quick · NT$50.00' }).click();
    await saveScreenshot(page, 'remote-confirm-en-desktop');
    await page.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Waiting for Washer 2 to confirm…').waitFor();
    await saveScreenshot(page, 'remote-pending-en-desktop');
    expect(held).toBe(1);
    release();
    await page.getByText('Start cycle: done.').waitFor();
    await page.unroute(remoteCall);

    const live = page.getByTestId('device-live');
    await live.getByText('Operating').waitFor();
    await expect.poll(() => page.getByTestId('device-stage').textContent()).toBe('Main wash');
    await saveScreenshot(page, 'device-info-running-en-desktop');

    // Mid-cycle (here paused, so the quick test cycle cannot end under the checks), credit would pay part of
    // the next customer's sale: insert coin is offered disabled, with why (the api refuses it with 1710003).
    await callApi(page, 'POST', `device-cloud/${washer.id}/remote`, { action: 'pauseCycle', params: {} });
    await live.getByText('Stopped').waitFor();
    const panel = page.getByTestId('remote-control');
    for (const [language, reason] of [
      ['en', 'Not possible while a cycle runs: wait until it ends'],
      ['zh-TW', '運轉中無法執行，請等待本次結束'],
      ['ja', '運転中はできません。終了までお待ちください'],
    ] as const) {
      if (language !== 'en') {
        await page.evaluate((lang) => localStorage.setItem('lang', lang), language);
        await page.reload();
        await page.getByRole('heading', { level: 1, name: 'Washer 2' }).waitFor();
      }
      const insertCoin = panel.locator('button[data-action="insertCoin"]');
      await expect.poll(() => insertCoin.getAttribute('data-unavailable')).toBe('cycleRunning');
      expect(await insertCoin.isDisabled()).toBe(true);
      expect(await insertCoin.getAttribute('aria-description')).toBe(reason);
      await panel.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `remote-mid-cycle-${language}-desktop`);
      if (language === 'ja') {
        await page.setViewportSize(phone);
        await panel.scrollIntoViewIfNeeded();
        await saveScreenshot(page, 'remote-mid-cycle-ja-phone');
        await page.setViewportSize(desktop);
      }
    }
    await page.evaluate(() => localStorage.setItem('lang', 'en'));

    await callApi(page, 'POST', `device-cloud/${washer.id}/remote`, { action: 'terminateCycle', params: {} });
    await endTestMode(page, washer.id);
  });

  it('offers only the actions the machine supports', async () => {
    await openDevice('Coin changer');
    const panel = page.getByTestId('remote-control');
    await panel.getByRole('button', { name: 'Dispense coins' }).waitFor();
    expect(await panel.getByRole('button', { name: 'Start cycle' }).count()).toBe(0);
    await openDevice('Washer 3');
    expect(await page.getByTestId('remote-control').getByRole('button', { name: 'Dispense coins' }).count()).toBe(0);
    expect(await page.getByTestId('remote-control').getByRole('button', { name: 'Skip stage' }).count()).toBe(0);
  });

  it('refills the coin dispenser, resets the banknote counts and dispenses coins', async () => {
    const changer = await deviceByName(page, 'Coin changer');
    const info = await callApi<{ coinDispenser: { coinValue: number; totalAmount: number } }>(
      page,
      'GET',
      `device-cloud/${changer.id}/info`,
    );
    // Ten coins short of full: the demo's customers keep changing money meanwhile (a coin changer has
    // no test mode), and none of them meets an empty dispenser.
    await callApi(page, 'POST', `device-cloud/${changer.id}/coin-dispenser`, {
      remainingAmount: info.coinDispenser.totalAmount - info.coinDispenser.coinValue * 10,
    });
    await openDevice('Coin changer');
    const dispenser = page.getByTestId('coin-dispenser');
    const total = await dispenser.getByTestId('coin-total').textContent();
    await expect.poll(() => dispenser.getByTestId('coin-remaining').textContent()).not.toBe(total);
    await dispenser.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'device-info-coin-changer-en-desktop');

    await dispenser.getByRole('button', { name: 'Refill' }).click();
    await page.getByText('Refill the coin dispenser').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page
      .getByText('The coin dispenser was refilled.')
      .waitFor()
      .catch(async (error: unknown) => {
        await saveScreenshot(page, 'failure-refill');
        throw error;
      });
    await expect.poll(() => dispenser.getByTestId('coin-remaining').textContent()).toBe(total);
    await page.getByText('Bill acceptor').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'device-info-bill-acceptor-en-desktop');

    // The banknote reset is confirmed first, naming the device.
    await page.getByRole('button', { name: 'Reset banknotes' }).click();
    await page.getByText('Reset the banknote counts of Coin changer to zero?').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByText('The banknote counts were reset.').waitFor();

    // Dispensing takes a number of coins; the dialog shows what that pays out. A machine with a fault
    // dispenses nothing until it is cleared (a demo customer may have left one, a cassette run empty).
    await clearFault(page, changer.id);
    await page.getByTestId('remote-control').getByRole('button', { name: 'Dispense coins' }).click();
    await page.getByLabel('Number of coins').fill('2');
    await page
      .getByTestId('remote-dialog')
      .getByText(/Pays out NT\$20\.00/)
      .waitFor();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Dispense coins: done.').waitFor();
    await expect.poll(() => dispenser.getByTestId('coin-remaining').textContent()).not.toBe(total);
  });

  it("changes a device's product", async () => {
    await openDevice('Washer 4');
    await page.getByTestId('device-product').getByText('Wash with additives').waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit device' });
    await dialog.getByLabel('Product').click();
    await page.locator('.ant-select-item-option', { hasText: 'Basic wash' }).click();
    await saveScreenshot(page, 'device-edit-en-desktop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Product changed.').waitFor();
    await page.getByTestId('device-product').getByText('Basic wash').waitFor();
  });

  it('turns test mode on and off', async () => {
    await openDevice('Dryer 3');
    const card = page.getByTestId('test-mode');
    await card.getByTestId('test-state').waitFor();
    if ((await card.getByTestId('test-state').textContent()) === 'Test mode on') {
      await card.getByRole('button', { name: 'Turn off' }).click();
      await card.getByText('Test mode off').waitFor();
    }
    await card.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('Test mode enabled.').waitFor();
    await card.getByText('Test mode on').waitFor();
    await saveScreenshot(page, 'device-info-test-mode-en-desktop');
    await card.getByRole('button', { name: 'Turn off' }).click();
    await page.getByText('Test mode disabled.').waitFor();
    await card.getByText('Test mode off').waitFor();
  });

  it('saves a setting to an AB controller', async () => {
    await openDevice('Washer 1');
    const card = page.getByTestId('ab-config');
    await card.getByLabel('New setting name').fill('maxSpin');
    await card.getByLabel('Value', { exact: true }).fill('1200');
    await card.getByRole('button', { name: 'Add' }).click();
    await card.getByRole('button', { name: 'Save to machine' }).click();
    await page.getByText('The settings were saved.').waitFor();
    await page.reload();
    await expect.poll(() => card.getByLabel('Value of maxSpin').inputValue()).toBe('1200');
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'device-info-ab-config-en-desktop');
  });

  it("shows the same device inside the mobile app's area, without the way back to a list", async () => {
    const washer = await deviceByName(page, 'Washer 1');
    await page.goto(`/app/device/info/${washer.id}`);
    await page.getByRole('heading', { level: 1, name: 'Washer 1' }).waitFor();
    await page.getByTestId('device-live').waitFor();
    expect(await page.getByText('Back to devices').count()).toBe(0);
  });

  it('hides remote control and settings from a shareholder', async () => {
    const { page: other, context } = await openPage(browser, { viewport: desktop, language: 'en' });
    await signInToSunny(other, 'shareholder@example.com');
    const washer = await deviceByName(other, 'Washer 1');
    await other.goto(`/device/info?id=${washer.id}`);
    await other.getByTestId('device-live').waitFor();
    expect(await other.getByTestId('remote-control').count()).toBe(0);
    expect(await other.getByTestId('test-mode').count()).toBe(0);
    expect(await other.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await context.close();
  });
});

describe('a store manager', () => {
  it('lands on the device list and may control machines but not change their settings', async () => {
    const { page: store, context } = await openPage(browser, { viewport: desktop, language: 'en' });
    await signInToSunny(store, demo.storeManager);
    await store.goto('/dashboard');
    await store.waitForURL(/\/device$/);
    await store.locator('.device-row', { hasText: 'Washer 1' }).click();
    await store.waitForURL(/\/device\/info\?id=\d+/);
    await store.getByTestId('remote-control').getByRole('button', { name: 'Start cycle' }).waitFor();
    expect(await store.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await store.getByTestId('test-mode').count()).toBe(0);
    await context.close();
  });
});
