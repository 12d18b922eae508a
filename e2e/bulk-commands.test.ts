import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, launchBrowser, openPage, phone, saveScreenshot } from './support/browser';
import { callApi, deviceByName, endTestMode, makeIdle, signInToSunny } from './support/devices';
import { demo } from './support/sign-in';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const washerNames = ['Washer 1', 'Washer 2', 'Washer 3'];

async function washersOfXinyi(page: Page) {
  const washers = await Promise.all(washerNames.map((name) => deviceByName(page, name)));
  return { washers, placeId: washers[0]!.place!.id };
}

describe('commands to many machines', () => {
  it('selects every washer of a place, starts a drum clean on all that can, and shows each answer arrive', async () => {
    const { page, context } = await openPage(browser, { viewport: desktop, language: 'en' });
    await signInToSunny(page, demo.owner);
    const { washers, placeId } = await washersOfXinyi(page);
    await Promise.all(washers.map((washer) => makeIdle(page, washer.id)));

    await page.goto(`/device?placeId=${placeId}&machineType=1`);
    const bar = page.getByTestId('device-selection');
    await bar.waitFor();
    for (const washer of washers) await page.locator(`.device-row[data-device-id="${washer.id}"]`).waitFor();
    await bar.getByRole('button', { name: 'Select all' }).click();
    await bar.getByText('Selected: 3').waitFor();
    await saveScreenshot(page, 'bulk-selected-en-desktop');

    // Hold the answers (the polls of the batch) until the progress list has shown the sends queued.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    // Matched by path: the addresses carry a query (tz, timestamp) that a glob may or may not take in.
    const batchCall = (url: URL) => /^\/api\/v1\/device-commands\/[^/]+$/.test(url.pathname);
    await page.route(batchCall, async (route) => {
      if (route.request().method() === 'GET') await released;
      await route.continue();
    });
    await bar.getByTestId('batch-send').click();
    await page.getByRole('menuitem', { name: 'Start drum clean' }).click();
    const confirm = page.getByTestId('batch-confirm');
    await confirm.getByText('Send "Start drum clean" to 2 machines?').waitFor();
    // The AY controller of Washer 3 has no drum clean: it is named with why.
    const skipped = confirm.getByTestId('batch-skipped');
    await skipped.getByText('Washer 3').waitFor();
    await skipped.getByText('This machine cannot do this').waitFor();
    await saveScreenshot(page, 'bulk-confirm-en-desktop');
    await page.getByRole('button', { name: 'Send to 2' }).click();

    const progress = page.getByTestId('batch-progress');
    await progress.waitFor();
    release();
    for (const washer of washers.slice(0, 2)) {
      await progress.locator(`.batch-row[data-device-id="${washer.id}"][data-state="ok"]`).waitFor();
    }
    await progress.getByText('Finished: 2 of 2 machines confirmed.').waitFor();
    await saveScreenshot(page, 'bulk-progress-en-desktop');
    await page.unroute(batchCall);
    await page.getByRole('button', { name: 'OK' }).click();
    // Sent: the selection is cleared, and the machines show their drum clean.
    await bar.getByText('Selected: 0').waitFor();
    await page.locator(`.device-row[data-device-id="${washers[0]!.id}"]`).getByText('Drum cleaning').waitFor();

    // Both commands are in the device log, as a remote action by the owner.
    const log = await callApi<{ items: Array<{ contentKey: string; deviceId: number; result: string }> }>(
      page,
      'GET',
      `device-log/list?deviceId=${washers[0]!.id}&logType=remoteControl&pageSize=5`,
    );
    expect(
      log.items.some((item) => item.contentKey === 'deviceLog.remote.startDrumClean' && item.result === 'ok'),
    ).toBe(true);

    for (const washer of washers) {
      await callApi(page, 'POST', `device-cloud/${washer.id}/remote`, { action: 'terminateCycle', params: {} }).catch(
        () => undefined,
      );
      await endTestMode(page, washer.id);
    }
    await context.close();
  });

  it('keeps machines picked on other pages and filters, and fits a phone', async () => {
    const { page, context } = await openPage(browser, { viewport: phone, language: 'en' });
    await signInToSunny(page, demo.owner);
    const { washers } = await washersOfXinyi(page);
    await page.goto('/device?machineType=1');
    const bar = page.getByTestId('device-selection');
    await bar.waitFor();
    await page.getByRole('checkbox', { name: 'Select Washer 1' }).check();
    await page.getByLabel('Machine type').click();
    await page.locator('.ant-select-item-option', { hasText: /^Dryer$/ }).click();
    await page.waitForURL(/machineType=2/);
    await page.getByRole('checkbox', { name: 'Select Dryer 1' }).check();
    // Another filter, and Washer 1 (no longer listed) is still picked.
    await bar.getByText('Selected: 2').waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'bulk-selected-en-phone');
    await bar.getByTestId('batch-send').click();
    await page.getByRole('menuitem', { name: 'Send prices' }).click();
    await page.getByTestId('batch-confirm').getByText('Send "Send prices" to 2 machines?').waitFor();
    await saveScreenshot(page, 'bulk-confirm-en-phone');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await bar.getByRole('button', { name: 'Deselect all' }).click();
    await bar.getByText('Selected: 0').waitFor();
    expect(washers).toHaveLength(3);
    await context.close();
  });
});

describe('prices to many machines', () => {
  it("sends a product template's prices in force to its machines from the template's screen", async () => {
    const { page, context } = await openPage(browser, { viewport: desktop, language: 'en' });
    await signInToSunny(page, demo.owner);
    const templates = await callApi<{ items: Array<{ id: number; name: string; deviceCount: number }> }>(
      page,
      'GET',
      'product/list?pageSize=100',
    );
    const basic = templates.items.find((item) => item.name === 'Basic wash')!;
    await page.goto(`/product/info/${basic.id}`);
    await page.getByRole('link', { name: 'Its machines' }).click();
    await page.waitForURL(new RegExp(`productId=${basic.id}`));
    const bar = page.getByTestId('device-selection');
    await page.locator('.device-row', { hasText: 'Washer 3' }).waitFor();
    await bar.getByRole('button', { name: 'Select all' }).click();
    await bar.getByTestId('batch-send').click();
    await page.getByRole('menuitem', { name: 'Send prices' }).click();
    const count = basic.deviceCount;
    await page.getByTestId('batch-confirm').getByText(`Send "Send prices" to ${count} machines?`).waitFor();
    await page.getByRole('button', { name: `Send to ${count}` }).click();
    await page.getByTestId('batch-progress').getByText(`Finished: ${count} of ${count} machines confirmed.`).waitFor({
      timeout: 120_000,
    });
    await saveScreenshot(page, 'bulk-prices-en-desktop');
    await context.close();
  });
});

describe("a promotion's machines", () => {
  it('lists the machines bound to a promotion, to send them its prices, and shows every machine again', async () => {
    const { page, context } = await openPage(browser, { viewport: desktop, language: 'en' });
    await signInToSunny(page, demo.owner);
    const promotions = await callApi<{ items: Array<{ id: number; name: string }> }>(
      page,
      'GET',
      'promotion/list?pageSize=100',
    );
    const nightOwl = promotions.items.find((item) => item.name === 'Night owl dryers')!;
    await page.goto(`/promotion/${nightOwl.id}`);
    await page.getByRole('link', { name: 'Its machines' }).click();
    await page.waitForURL(new RegExp(`promotionId=${nightOwl.id}`));
    await page.getByTestId('filter-promotion').getByText('Machines of the promotion').waitFor();
    await page.getByText('Devices: 1').waitFor();
    await page.locator('.device-row', { hasText: 'Dryer 3' }).waitFor();
    await saveScreenshot(page, 'bulk-promotion-machines-en-desktop');
    await page.getByTestId('filter-promotion').click();
    await expect.poll(() => page.url()).not.toMatch(/promotionId/);
    await context.close();
  });
});

describe('remote actions offered by state', () => {
  it('greys out what an idle washer cannot do, with why, and offers nothing without a controller', async () => {
    const { page, context } = await openPage(browser, { viewport: desktop, language: 'en' });
    await signInToSunny(page, demo.owner);
    const washer = await deviceByName(page, 'Washer 1');
    await makeIdle(page, washer.id);
    await page.goto(`/device/info?id=${washer.id}`);
    const panel = page.getByTestId('remote-control');
    await page.getByTestId('device-live').getByText('Idle').waitFor();
    const skip = panel.getByRole('button', { name: 'Skip stage' });
    await expect.poll(() => skip.getAttribute('data-unavailable')).toBe('state');
    expect(await skip.isDisabled()).toBe(true);
    expect(await panel.getByRole('button', { name: 'Start cycle' }).isDisabled()).toBe(false);
    await panel.getByTestId('remote-state-note').getByText('The machine is Idle').waitFor();
    await skip.hover({ force: true });
    await page.getByRole('tooltip', { name: 'Not possible while Idle' }).waitFor();
    await saveScreenshot(page, 'remote-by-state-en-desktop');
    await endTestMode(page, washer.id);

    const unbound = await deviceByName(page, 'Washer 5 (new)');
    await page.goto(`/device/info?id=${unbound.id}`);
    await page.getByText('No controller is bound to this device yet.').waitFor();
    expect(await page.getByTestId('remote-control').locator('button[data-action]').count()).toBe(0);
    await context.close();
  });

  it('says what the machine is doing now when its state changed after the screen showed it', async () => {
    const { page, context } = await openPage(browser, { viewport: desktop, language: 'en' });
    await signInToSunny(page, demo.owner);
    const washer = await deviceByName(page, 'Washer 2');
    await makeIdle(page, washer.id);
    // No live updates: the screen keeps showing the machine idle while another operator starts it.
    await page.route('**/api/v1/device/events**', (route) => route.abort());
    await page.goto(`/device/info?id=${washer.id}`);
    await page.getByTestId('device-live').getByText('Idle').waitFor();
    await callApi(page, 'POST', `device-cloud/${washer.id}/remote`, {
      action: 'startCycle',
      params: { course: 'quick' },
    });

    await page.getByTestId('remote-control').getByRole('button', { name: 'Start cycle' }).click();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText(/1710001 - The device is not in standby\. Washer 2 is now: Operating\./).waitFor();
    await page.getByTestId('device-live').getByText('Operating').waitFor();
    await saveScreenshot(page, 'remote-state-changed-en-desktop');

    await page.unroute('**/api/v1/device/events**');
    await callApi(page, 'POST', `device-cloud/${washer.id}/remote`, { action: 'terminateCycle', params: {} });
    await endTestMode(page, washer.id);
    await context.close();
  });
});
